use std::process::ExitCode;

/// The allocator: mimalloc. A batch (`adjudicate`, `pgn check`) allocates and frees every
/// game's record, moves, positions and report, thousands of games a second: glibc's malloc
/// spent a twentieth of the run on it (and gave the top of the heap back to the system
/// after each game, thousands of `brk` calls), mimalloc a third of that.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = match escaque::cli::parse(std::env::args_os().collect()) {
        Ok(cli) => cli,
        // Help and version are printed by clap, as its errors in English.
        Err((e, None)) => e.exit(),
        Err((_, Some(said))) => {
            eprint!("{said}");
            return ExitCode::from(2);
        }
    };
    let lang = escaque::cli::ErrorLang::of(&cli);
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let outcome = escaque::cli::run(cli, &mut stdout.lock(), &mut stderr.lock());
    // Ended by SIGTERM or SIGHUP: the terminal is restored; end by the same signal.
    escaque::terminal::reraise();
    match outcome {
        Ok(escaque::cli::Status::Success) => ExitCode::SUCCESS,
        Ok(escaque::cli::Status::Findings) => ExitCode::from(1),
        Err(e) => {
            eprintln!("escaque: {}", e.say(lang.resolve()));
            ExitCode::from(2)
        }
    }
}
