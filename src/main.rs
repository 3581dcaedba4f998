//! `timefork [GAME.5dpgn]`, `timefork --screenshot OUT.png [GAME]`, `timefork --bench-frames N [GAME]`.

fn main() -> std::process::ExitCode {
    let opts = match timefork::LaunchOptions::parse(std::env::args().skip(1)) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("timefork: {e}");
            eprintln!("{}", timefork::cli_args::USAGE);
            return std::process::ExitCode::from(2);
        }
    };
    if opts.help {
        println!("{}", timefork::cli_args::USAGE);
        return std::process::ExitCode::SUCCESS;
    }
    match timefork::game_app(opts).run() {
        bevy::app::AppExit::Success => std::process::ExitCode::SUCCESS,
        bevy::app::AppExit::Error(code) => std::process::ExitCode::from(code.get()),
    }
}
