//! `variants`: the named variants the engine knows.

pub fn run() -> String {
    let mut out = String::new();
    for name in timefork_engine::variants::names() {
        out.push_str(&name);
        out.push('\n');
    }
    out
}
