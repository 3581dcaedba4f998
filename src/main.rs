//! Placeholder for the Bevy game (issue 4). For now it lists the variants the engine knows.
fn main() {
    println!("Timefork: the game window arrives with issue 4. Variants the engine knows:");
    for v in timefork_engine::variants::catalogue() {
        println!("  {}", v.name);
    }
}
