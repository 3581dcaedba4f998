//! `puzzle generate`: puzzles from the positions of real and self-played games.
//!
//! 1. Games: every `.5dpgn` under each `--games` folder (default: the conformance games),
//!    plus `--selfplay N` games of the engine's AI (`ai::choose_action`, the levels in
//!    `--levels` paired in turn) over the variants in `--variants`.
//! 2. Every state of every game with at most `--max-timelines` timelines and at most
//!    `--max-root-actions` legal actions is searched for the shortest mate of at most 2
//!    turns; mate in 3 is tried where the same side has a mate two or four actions later
//!    (the usual shape of a missed mate in 3). Each search has a node and time budget; a
//!    state it cannot decide is skipped.
//! 3. Each position found (once, by position hash) is proved again by `puzzle::verify`
//!    (mate in N and no shorter mate), its main line is stored, its solving first actions
//!    are counted and its tier is decided (`puzzle::classify`).
//! 4. Up to `--per-tier` puzzles per tier are written to `--out/<tier>/`, taking the
//!    variants in turn and, within a variant, the positions with the fewest timelines and
//!    actions first.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use timefork_engine::ai::{AiConfig, Level, NoChoice, choose_action};
use timefork_engine::game::Game;
use timefork_engine::notation;
use timefork_engine::puzzle::{
    self, Goal, MAX_GOAL, Puzzle, ShortestMate, SolveLimits, Tier, classify, features,
};
use timefork_engine::search::{Limits, Outcome, count_actions};
use timefork_engine::{Color, variants};

use crate::error::CliError;

/// Self-play variants when `--variants` is not given: small boards first.
const DEFAULT_VARIANTS: &[&str] = &[
    "Very Small - Open",
    "Very Small",
    "Small - Open",
    "Small",
    "Small - Centered",
    "Small - Flipped",
    "Standard",
    "Standard - Turn Zero",
    "Simple - No Queens",
    "Focused - Just Rooks",
];

#[derive(Args)]
pub struct GenerateArgs {
    /// Folder of 5DPGN games to scan (repeat for several). Default: the conformance games.
    #[arg(long = "games", value_name = "DIR")]
    games: Vec<PathBuf>,
    /// Scan no game folder (only self-play).
    #[arg(long)]
    no_games: bool,
    /// Self-played games to play and scan.
    #[arg(long, value_name = "N", default_value_t = 0)]
    selfplay: usize,
    /// Variants for self-play, comma-separated (default: a mix of small boards and
    /// Standard).
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    variants: Vec<String>,
    /// AI levels for self-play, comma-separated; game i pairs levels i and i / len.
    #[arg(long, value_name = "LEVELS", value_delimiter = ',', default_value = "easy,random", value_parser = super::args::parse_level)]
    levels: Vec<Level>,
    /// AI thinking time per turn in self-play, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    movetime: u64,
    /// Self-played games end (undecided) after this many actions.
    #[arg(long, value_name = "N", default_value_t = 100)]
    max_actions: usize,
    /// Seed of the self-played games.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Folder to write the puzzles to (`easy/`, `medium/`, `hard/` under it).
    #[arg(long, value_name = "DIR", default_value = "assets/puzzles")]
    out: PathBuf,
    /// Largest N of "mate in N" looked for (1 to 3).
    #[arg(long, value_name = "N", default_value_t = 3)]
    max_n: u8,
    /// Puzzles written per tier (0 = all found).
    #[arg(long, value_name = "N", default_value_t = 15)]
    per_tier: usize,
    /// Skip positions with more timelines than this.
    #[arg(long, value_name = "N", default_value_t = 3)]
    max_timelines: i32,
    /// Skip positions where the side to move has more legal actions than this.
    #[arg(long, value_name = "N", default_value_t = 400)]
    max_root_actions: u64,
    /// Skip positions where the side to move has fewer legal actions than this (a forced
    /// move is no puzzle).
    #[arg(long, value_name = "N", default_value_t = 4)]
    min_root_actions: u64,
    /// Puzzles written from one game at most.
    #[arg(long, value_name = "N", default_value_t = 2)]
    per_game: usize,
    /// Actions the solver may try per position and N.
    #[arg(long, value_name = "N", default_value_t = 300_000)]
    position_nodes: u64,
    /// Seconds the solver may take per position and N.
    #[arg(long, value_name = "S", default_value_t = 1.5)]
    position_time: f64,
    /// Skip puzzles whose verification takes longer than this (seconds), so that
    /// `puzzle verify` on the written set stays fast.
    #[arg(long, value_name = "S", default_value_t = 3.0)]
    max_verify_time: f64,
    /// Games scanned at the same time.
    #[arg(long, value_name = "N", default_value_t = 1)]
    jobs: usize,
    /// Remove the .5dpgn files already in OUT/easy, OUT/medium and OUT/hard first (a
    /// rerun that writes fewer puzzles then leaves none of the old set behind).
    #[arg(long)]
    clean: bool,
    /// Folder to save the self-played games in (selfplay-NNN.5dpgn).
    #[arg(long, value_name = "DIR")]
    save_games: Option<PathBuf>,
}

/// A game to scan and where it came from.
struct Source {
    name: String,
    game: Game,
}

/// A position with a proved shortest mate.
struct Candidate {
    source: String,
    state: usize,
    variant: String,
    game: Game,
    n: u8,
    root_actions: u64,
    hash: u64,
}

/// A proved puzzle waiting to be chosen; `key` orders those of one variant (timelines,
/// solving first actions, the attacker's actions: simplest first).
struct Proved {
    puzzle: Puzzle,
    key: (i32, u64, u64),
    source: String,
}

#[derive(Default)]
struct Stats {
    states: usize,
    too_many_timelines: usize,
    too_many_actions: usize,
    no_action: usize,
    unknown: usize,
    found: [usize; 4],
}

pub fn run(args: GenerateArgs) -> Result<String, CliError> {
    if !(1..=MAX_GOAL).contains(&args.max_n) {
        return Err(CliError::Input(format!(
            "--max-n must be from 1 to {MAX_GOAL}"
        )));
    }
    if args.levels.is_empty() {
        return Err(CliError::Input("--levels is empty".to_string()));
    }
    let variant_names: Vec<String> = if args.variants.is_empty() {
        DEFAULT_VARIANTS.iter().map(|s| s.to_string()).collect()
    } else {
        args.variants.clone()
    };
    for v in &variant_names {
        if variants::by_name(v).is_none() {
            return Err(CliError::Input(format!(
                "unknown variant `{v}` (see `timefork-cli variants`)"
            )));
        }
    }
    let t0 = Instant::now();
    let mut sources = Vec::new();
    if !args.no_games {
        let dirs = if args.games.is_empty() {
            vec![PathBuf::from("crates/engine/tests/data/conformance")]
        } else {
            args.games.clone()
        };
        for d in &dirs {
            sources.extend(load_games(d)?);
        }
    }
    let from_files = sources.len();
    let jobs = args.jobs.max(1);

    // Self-play, in parallel.
    let played = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= args.selfplay {
                        break;
                    }
                    let v = &variant_names[i % variant_names.len()];
                    let l = args.levels.len();
                    let (w, b) = (args.levels[i % l], args.levels[(i / l) % l]);
                    let (game, end) = self_play(v, w, b, &args, i);
                    eprintln!(
                        "self-play {i}: {v}, {} vs {}: {} actions, {end}",
                        w.as_str(),
                        b.as_str(),
                        game.actions.len()
                    );
                    played.lock().unwrap().push((i, v.clone(), w, b, game, end));
                }
            });
        }
    });
    let mut played = played.into_inner().unwrap();
    played.sort_by_key(|p| p.0);
    let mut mated = 0;
    for (i, v, w, b, game, end) in played {
        if end == "checkmate" {
            mated += 1;
        }
        if let Some(dir) = &args.save_games {
            std::fs::create_dir_all(dir)
                .map_err(|e| CliError::Failed(format!("{}: {e}", dir.display())))?;
            let f = dir.join(format!("selfplay-{i:03}.5dpgn"));
            std::fs::write(&f, notation::write_game(&game))
                .map_err(|e| CliError::Failed(format!("{}: {e}", f.display())))?;
        }
        sources.push(Source {
            name: format!(
                "self-play {} vs {}, {v}, seed {}, game {i}",
                w.as_str(),
                b.as_str(),
                args.seed
            ),
            game,
        });
    }
    eprintln!(
        "{} games ({from_files} from folders, {} self-played, {mated} ended in checkmate) in {:.0} s",
        sources.len(),
        sources.len() - from_files,
        t0.elapsed().as_secs_f64()
    );

    // Scan every state, in parallel.
    let found = Mutex::new(Vec::new());
    let stats = Mutex::new(Stats::default());
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= sources.len() {
                        break;
                    }
                    let t = Instant::now();
                    let (c, st) = scan(&sources[i], &args);
                    eprintln!(
                        "scanned {}: {} states, {} mates, {} unknown, {:.1} s",
                        sources[i].name,
                        st.states,
                        c.len(),
                        st.unknown,
                        t.elapsed().as_secs_f64()
                    );
                    found.lock().unwrap().extend(c);
                    let mut all = stats.lock().unwrap();
                    all.states += st.states;
                    all.too_many_timelines += st.too_many_timelines;
                    all.too_many_actions += st.too_many_actions;
                    all.no_action += st.no_action;
                    all.unknown += st.unknown;
                    for n in 0..4 {
                        all.found[n] += st.found[n];
                    }
                }
            });
        }
    });
    let stats = stats.into_inner().unwrap();
    let mut found = found.into_inner().unwrap();
    found.sort_by(|a, b| (&a.source, a.state).cmp(&(&b.source, b.state)));
    let mut seen = HashSet::new();
    found.retain(|c| seen.insert(c.hash));

    // Prove each again, with its main line, and decide its tier.
    let proved = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    let slow = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= found.len() {
                        break;
                    }
                    match finish(&found[i], &args) {
                        Some(p) => proved.lock().unwrap().push((i, p)),
                        None => {
                            slow.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                }
            });
        }
    });
    let mut proved = proved.into_inner().unwrap();
    proved.sort_by_key(|p| p.0);

    // Choose per tier: variants in turn, the simplest positions of each first.
    let mut by_tier: BTreeMap<Tier, BTreeMap<String, Vec<Proved>>> = BTreeMap::new();
    for (i, (p, key)) in proved {
        let c = &found[i];
        by_tier
            .entry(p.tier.unwrap_or(Tier::Easy))
            .or_default()
            .entry(c.variant.clone())
            .or_default()
            .push(Proved {
                puzzle: p,
                key,
                source: c.source.clone(),
            });
    }
    let mut per_source: BTreeMap<String, usize> = BTreeMap::new();
    if args.clean {
        for tier in Tier::ALL {
            let dir = args.out.join(tier.as_str());
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries.flatten() {
                let p = e.path();
                if p.extension().is_some_and(|x| x == "5dpgn") {
                    std::fs::remove_file(&p)
                        .map_err(|e| CliError::Failed(format!("{}: {e}", p.display())))?;
                }
            }
        }
    }
    let mut report = String::new();
    let mut written: BTreeMap<Tier, usize> = BTreeMap::new();
    // Hard first: the rarest tier gets first call on a game's quota.
    for (tier, mut groups) in by_tier.into_iter().rev() {
        for g in groups.values_mut() {
            g.sort_by_key(|p| p.key);
            g.reverse(); // popped from the end
        }
        let dir = args.out.join(tier.as_str());
        std::fs::create_dir_all(&dir)
            .map_err(|e| CliError::Failed(format!("{}: {e}", dir.display())))?;
        let mut k = 0;
        'pick: loop {
            let mut any = false;
            for (variant, g) in groups.iter_mut() {
                if args.per_tier != 0 && k >= args.per_tier {
                    break 'pick;
                }
                let Some(Proved {
                    puzzle: mut p,
                    source,
                    ..
                }) = g.pop()
                else {
                    continue;
                };
                any = true;
                let used = per_source.entry(source).or_default();
                if *used >= args.per_game.max(1) {
                    continue;
                }
                *used += 1;
                k += 1;
                let side = match p.to_move() {
                    Color::White => "White",
                    Color::Black => "Black",
                };
                p.title = Some(format!("{variant}: {side} mates in {}", p.goal.turns()));
                let file = dir.join(format!("{k:02}-{}.5dpgn", slug(variant)));
                let text = p.to_text();
                check_round_trip(&p, &text)?;
                std::fs::write(&file, &text)
                    .map_err(|e| CliError::Failed(format!("{}: {e}", file.display())))?;
                report.push_str(&format!(
                    "wrote {} ({}, {})\n",
                    file.display(),
                    p.goal,
                    p.game.header("Source").unwrap_or("")
                ));
            }
            if !any {
                break;
            }
        }
        written.insert(tier, k);
    }
    report.push_str(&format!(
        "states scanned: {} (skipped: {} with too many timelines, {} with too many or too few actions, {} without a legal action; {} undecided within the limits)\n",
        stats.states,
        stats.too_many_timelines,
        stats.too_many_actions,
        stats.no_action,
        stats.unknown
    ));
    report.push_str(&format!(
        "shortest mates found: {} in 1, {} in 2, {} in 3 ({} distinct positions; {} dropped: verification over {} s or unproved)\n",
        stats.found[1],
        stats.found[2],
        stats.found[3],
        found.len(),
        slow.load(Ordering::Relaxed),
        args.max_verify_time
    ));
    report.push_str(&format!(
        "written: {} easy, {} medium, {} hard to {} in {:.0} s\n",
        written.get(&Tier::Easy).unwrap_or(&0),
        written.get(&Tier::Medium).unwrap_or(&0),
        written.get(&Tier::Hard).unwrap_or(&0),
        args.out.display(),
        t0.elapsed().as_secs_f64()
    ));
    Ok(report)
}

fn load_games(dir: &Path) -> Result<Vec<Source>, CliError> {
    let files = super::verify::puzzle_files(dir)?;
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f)
            .map_err(|e| CliError::Input(format!("{}: {e}", f.display())))?;
        let game = notation::read_game(&text)
            .map_err(|e| CliError::Input(format!("{}: {e}", f.display())))?;
        let name = f.file_name().unwrap_or_default().to_string_lossy();
        out.push(Source {
            name: format!("game {name}"),
            game,
        });
    }
    Ok(out)
}

/// Plays one game of the AI against itself; returns it and how it ended.
fn self_play(
    variant: &str,
    white: Level,
    black: Level,
    args: &GenerateArgs,
    index: usize,
) -> (Game, &'static str) {
    let v = variants::by_name(variant).expect("checked");
    let mut game = Game::new(v.position);
    game.headers = vec![("Board".to_string(), v.name.clone())];
    let budget = Duration::from_millis(args.movetime);
    loop {
        if game.actions.len() >= args.max_actions {
            return (game, "action limit");
        }
        let pos = game.position().clone();
        let level = if pos.to_move == Color::White {
            white
        } else {
            black
        };
        let cfg = AiConfig {
            level,
            budget,
            seed: args
                .seed
                .wrapping_mul(1_000_003)
                .wrapping_add((index as u64) << 20)
                .wrapping_add(game.actions.len() as u64),
            limit: None,
        };
        // The AI can run past its budget only in its exact-search fallback: a timer stops it.
        let stop = AtomicBool::new(false);
        let done = AtomicBool::new(false);
        let limit = Instant::now() + budget * 3 + Duration::from_secs(2);
        let r = std::thread::scope(|s| {
            s.spawn(|| {
                while !done.load(Ordering::Relaxed) {
                    if Instant::now() >= limit {
                        stop.store(true, Ordering::Relaxed);
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
            });
            let r = choose_action(&pos, &cfg, &stop);
            done.store(true, Ordering::Relaxed);
            r
        });
        match r {
            Ok(o) => {
                if game.apply_action(&o.action).is_err() {
                    return (game, "illegal action (AI bug)");
                }
            }
            Err(NoChoice::Stopped) => return (game, "undecided"),
            Err(NoChoice::Checkmate) => return (game, "checkmate"),
            Err(NoChoice::Stalemate) => return (game, "stalemate"),
        }
    }
}

fn solve_limits(args: &GenerateArgs) -> SolveLimits<'static> {
    SolveLimits {
        max_nodes: args.position_nodes,
        search_nodes: 500_000,
        time: Some(Duration::from_secs_f64(args.position_time)),
        stop: None,
    }
}

/// Every state of one game with a shortest mate.
fn scan(src: &Source, args: &GenerateArgs) -> (Vec<Candidate>, Stats) {
    let mut st = Stats::default();
    let states = src.game.states();
    let variant = src.game.header("Board").unwrap_or("custom").to_string();
    // Shortest mate of at most 2 turns (or max_n) per state: Some(n), Some(0) for none
    // proved, None for undecided or skipped.
    let first_max = args.max_n.min(2);
    let mut mate: Vec<Option<u8>> = vec![None; states.len()];
    let mut actions: Vec<u64> = vec![0; states.len()];
    for (k, pos) in states.iter().enumerate() {
        st.states += 1;
        if pos.l_max() - pos.l_min() + 1 > args.max_timelines {
            st.too_many_timelines += 1;
            continue;
        }
        let cap = args.max_root_actions + 1;
        let n_actions = match count_actions(
            pos,
            cap,
            Limits {
                max_nodes: 2_000_000,
                stop: None,
            },
        ) {
            Outcome::Done(n) => n,
            Outcome::Unknown => cap,
        };
        if n_actions == 0 {
            st.no_action += 1;
            continue;
        }
        if n_actions >= cap || n_actions < args.min_root_actions {
            st.too_many_actions += 1;
            continue;
        }
        actions[k] = n_actions;
        match puzzle::shortest_mate(pos, first_max, solve_limits(args)) {
            ShortestMate::Found { n, .. } => mate[k] = Some(n),
            ShortestMate::None => mate[k] = Some(0),
            ShortestMate::Unknown { .. } => st.unknown += 1,
        }
    }
    // Mate in 3 where the same side mates two or four actions later and no mate in 2
    // was proved here.
    if args.max_n >= 3 {
        for k in 0..states.len() {
            let later = |d: usize| mate.get(k + d).copied().flatten().is_some_and(|n| n > 0);
            if mate[k] != Some(0) || !(later(2) || later(4)) {
                continue;
            }
            let mut lim = solve_limits(args);
            lim.time = lim.time.map(|t| t * 4);
            lim.max_nodes *= 4;
            match puzzle::mate_in(&states[k], 3, lim) {
                // A mate in at most 3, and none in 2 or fewer was proved: exactly 3.
                Ok(Some(_)) => mate[k] = Some(3),
                Ok(None) => {}
                Err(_) => st.unknown += 1,
            }
        }
    }
    let mut out = Vec::new();
    for (k, m) in mate.iter().enumerate() {
        let Some(n) = *m else { continue };
        if n == 0 {
            continue;
        }
        st.found[n as usize] += 1;
        let mut game = Game::new(src.game.start.clone());
        game.headers = src
            .game
            .headers
            .iter()
            .filter(|(key, _)| key.eq_ignore_ascii_case("Board"))
            .cloned()
            .collect();
        for a in &src.game.actions[..k] {
            game.apply_action(a).expect("replaying a game read before");
        }
        game.headers.push((
            "Source".to_string(),
            format!("{}, after action {k}", src.name),
        ));
        out.push(Candidate {
            source: src.name.clone(),
            state: k,
            variant: variant.clone(),
            n,
            root_actions: actions[k],
            hash: states[k].position_hash(),
            game,
        });
    }
    (out, st)
}

/// Proves a candidate as a puzzle, with its main line and tier; `None` when verification
/// takes too long or fails, or every action solves. Also returns the key that orders the
/// puzzles of a variant: timelines, solving first actions, the attacker's actions.
fn finish(c: &Candidate, args: &GenerateArgs) -> Option<(Puzzle, (i32, u64, u64))> {
    let mut p = Puzzle::new(c.game.clone(), Goal::MateIn(c.n));
    let t = Instant::now();
    let lim = SolveLimits {
        max_nodes: 0,
        search_nodes: 2_000_000,
        time: Some(Duration::from_secs_f64(args.max_verify_time)),
        stop: None,
    };
    let s = match puzzle::verify(&p, lim) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("dropped {} state {}: {e}", c.source, c.state);
            return None;
        }
    };
    let verify_time = t.elapsed();
    let solving = puzzle::count_solutions(p.position(), c.n, 50, lim).ok();
    if solving.is_some_and(|k| k >= c.root_actions) {
        eprintln!(
            "dropped {} state {}: every action solves",
            c.source, c.state
        );
        return None;
    }
    p.solution = s.line.clone();
    let f = features(p.position(), c.n, &s.line, c.root_actions, solving);
    p.tier = Some(classify(&f));
    eprintln!(
        "proved {} state {}: mate in {}, {} actions, {} solving, {} timelines, travels {}, verified in {:.0} ms",
        c.source,
        c.state,
        c.n,
        c.root_actions,
        solving.map(|n| n.to_string()).unwrap_or("?".into()),
        f.timelines,
        f.travels,
        verify_time.as_secs_f64() * 1000.0
    );
    Some((p, (f.timelines, solving.unwrap_or(50), c.root_actions)))
}

/// Reads a written puzzle back and checks it is the same puzzle.
fn check_round_trip(p: &Puzzle, text: &str) -> Result<(), CliError> {
    let q = Puzzle::parse(text).map_err(|e| {
        CliError::Failed(format!("a written puzzle does not read back: {e}\n{text}"))
    })?;
    if q.position().position_hash() != p.position().position_hash()
        || q.goal != p.goal
        || q.solution != p.solution
        || q.tier != p.tier
    {
        return Err(CliError::Failed(format!(
            "a written puzzle reads back differently:\n{text}"
        )));
    }
    Ok(())
}

/// A file-name part from a variant name: `Very Small - Open` -> `very-small-open`.
fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}
