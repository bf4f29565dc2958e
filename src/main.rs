use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = escaque::cli::Cli::parse();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    match escaque::cli::run(cli, &mut stdout.lock(), &mut stderr.lock()) {
        Ok(escaque::cli::Status::Success) => ExitCode::SUCCESS,
        Ok(escaque::cli::Status::Findings) => ExitCode::from(1),
        Err(e) => {
            eprintln!("escaque: {e}");
            ExitCode::from(2)
        }
    }
}
