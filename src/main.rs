use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = escaque::cli::Cli::parse();
    let stdout = std::io::stdout();
    match escaque::cli::run(cli, &mut stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("escaque: {e}");
            ExitCode::from(2)
        }
    }
}
