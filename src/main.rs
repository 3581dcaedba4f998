//! The game's entry point; `cli_args` reads the command line (`timefork --help`).
// No console window behind the game on Windows (release builds; a debug build keeps it for logs).
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

fn main() -> std::process::ExitCode {
    let opts = match timefork::LaunchOptions::parse(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return std::process::ExitCode::from(2);
        }
    };
    if opts.help {
        print!("{}", timefork::cli_args::usage());
        return std::process::ExitCode::SUCCESS;
    }
    if opts.version {
        println!("timefork {}", env!("CARGO_PKG_VERSION"));
        return std::process::ExitCode::SUCCESS;
    }
    let mut app = timefork::game_app(opts);
    if let Err(e) = timefork::cli_args::read_the_command_line_game(&mut app) {
        eprintln!("{e}");
        return std::process::ExitCode::from(2);
    }
    match app.run() {
        bevy::app::AppExit::Success => std::process::ExitCode::SUCCESS,
        bevy::app::AppExit::Error(code) => std::process::ExitCode::from(code.get()),
    }
}
