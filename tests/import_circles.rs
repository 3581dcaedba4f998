//! No file imports a file that imports it back, in the game (`src/`) and in every crate
//! of the workspace: a newcomer can read any file after the files it uses. A file "uses"
//! another when it names an item of it through `crate::`, `super::`, `self::` or a child
//! module, in a `use` or inline; a `pub use` that re-exports a child's item counts as the
//! child's. A module's `mod child;` is no use of the child.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

/// Every `.rs` file below `root`, by its module path (`a/b.rs` and `a/b/mod.rs` are
/// `a::b`; `lib.rs` and `main.rs` the crate root).
fn modules(root: &Path) -> BTreeMap<Module, PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("readable source folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(root, &mut files);
    let mut out = BTreeMap::new();
    for path in files {
        let rel = path.strip_prefix(root).expect("below the root");
        let mut parts: Module = rel
            .with_extension("")
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        if matches!(
            parts.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            parts.pop();
        }
        // A binary's `main.rs` beside `lib.rs` is a crate of its own; `src/bin` likewise.
        if rel == Path::new("main.rs") && root.join("lib.rs").exists() || rel.starts_with("bin") {
            continue;
        }
        out.insert(parts, path);
    }
    out
}

/// The text without comments, strings and character literals (their words are no paths).
fn code_of(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == 'r' && matches!(next, Some('"' | '#')) && !prev_is_ident(&b, i) {
            // A raw string: r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == '"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && b.get(i + 2) == Some(&'\'') {
            i += 3;
        } else if c == '\'' && next == Some('\\') {
            // '\n', '\'', '\u{..}': the escaped character is skipped before looking for
            // the closing quote.
            let mut j = i + 3;
            while j < b.len() && b[j] != '\'' {
                j += 1;
            }
            i = j + 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The code without its `#[cfg(test)] mod name { .. }` blocks: a test module's `use
/// super::*` is no use of the parent by the file (it is the file's own child).
fn without_test_modules(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "#[cfg(test)]".len()..];
        let head = after.trim_start();
        let head = head.strip_prefix("pub").map_or(head, str::trim_start);
        let inline_module = head.strip_prefix("mod").is_some_and(|h| {
            let name_end = h
                .trim_start()
                .find(|c: char| !(c.is_alphanumeric() || c == '_'));
            name_end.is_some_and(|e| h.trim_start()[e..].trim_start().starts_with('{'))
        });
        if !inline_module {
            out.push_str("#[cfg(test)]");
            rest = after;
            continue;
        }
        let open = after.find('{').expect("checked above");
        let mut depth = 0;
        let mut end = after.len();
        for (i, c) in after[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

fn prev_is_ident(b: &[char], i: usize) -> bool {
    i > 0 && (b[i - 1].is_alphanumeric() || b[i - 1] == '_')
}

/// The paths of a `use` tree: `a::{b, c::{d, e as f}}` gives `a::b`, `a::c::d`, `a::c::e`.
fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or("").trim();
        return vec![
            path.split("::")
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
                .collect(),
        ];
    };
    let prefix: Vec<String> = tree[..open]
        .split("::")
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .collect();
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, ch) in inner.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    let mut out = Vec::new();
    for p in parts.into_iter().filter(|p| !p.trim().is_empty()) {
        for rest in expand(p) {
            let mut path = prefix.clone();
            path.extend(rest.into_iter().filter(|s| s != "self"));
            out.push(path);
        }
    }
    out
}

/// The `use` statements of a file (`pub` marks the re-exports).
fn uses(code: &str) -> Vec<(bool, Vec<String>)> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        let before = rest[..at].trim_end();
        // `pub use` or `pub(crate) use`: the visibility is the last thing before `use`.
        let public = before.ends_with("pub")
            || before.ends_with(')')
                && before
                    .rfind("pub(")
                    .is_some_and(|p| !before[p..].contains(['\n', ';', '{', '}']));
        let after = &rest[at + 3..];
        let end = after.find(';').unwrap_or(after.len());
        for path in expand(&after[..end]) {
            out.push((public, path));
        }
        rest = &after[end..];
    }
    out
}

fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let at = from + i;
        let before_ok = text[..at]
            .chars()
            .last()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == ':'));
        let after_ok = text[at + word.len()..]
            .chars()
            .next()
            .is_some_and(char::is_whitespace);
        if before_ok && after_ok {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// Paths written inline: `crate::a::b`, `super::c`.
fn inline_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start) {
            let at = from + i;
            from = at + start.len();
            if code[..at]
                .chars()
                .last()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
            {
                continue;
            }
            let path: String = code[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            // `super::{a, b}` is a `use` tree, read whole by `uses`; here it would name the
            // parent itself.
            if code[at + path.len()..].starts_with('{') {
                continue;
            }
            out.push(
                path.split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect(),
            );
        }
    }
    out
}

/// The file a path names and the item after it: the longest module prefix that is a file.
fn resolve(
    files: &BTreeMap<Module, PathBuf>,
    here: &Module,
    path: &[String],
) -> Option<(Module, Option<String>)> {
    let (mut base, mut rest): (Module, &[String]) = match path.first()?.as_str() {
        "crate" => (Vec::new(), &path[1..]),
        "super" => {
            // `super` of `a::b` is `a`, whether `a::b` is `a/b.rs` or `a/b/mod.rs`.
            let mut base = here.clone();
            let mut rest = path;
            while rest.first().is_some_and(|s| s == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
            (base, rest)
        }
        "self" => (here.clone(), &path[1..]),
        first => {
            // A child module of this one (`use child::Item` in a `mod.rs`).
            // (`a/b.rs` may have children in `a/b/` as well as `a/b/mod.rs`.)
            let mut child = here.clone();
            child.push(first.to_owned());
            if !files.contains_key(&child) {
                return None;
            }
            (here.clone(), path)
        }
    };
    while let Some(seg) = rest.first() {
        let mut deeper = base.clone();
        deeper.push(seg.clone());
        if !files.contains_key(&deeper) {
            break;
        }
        base = deeper;
        rest = &rest[1..];
    }
    files
        .contains_key(&base)
        .then(|| (base, rest.first().cloned()))
}

/// Which files each file uses.
fn graph(root: &Path) -> (BTreeMap<Module, PathBuf>, HashMap<Module, BTreeSet<Module>>) {
    let files = modules(root);
    let code: BTreeMap<Module, String> = files
        .iter()
        .map(|(m, p)| {
            let text = std::fs::read_to_string(p).expect("a readable source file");
            (m.clone(), without_test_modules(&code_of(&text)))
        })
        .collect();
    // Re-exports first: `pub use child::Item` in `m` means `m::Item` is the child's.
    let mut reexports: HashMap<(Module, String), Module> = HashMap::new();
    for m in files.keys() {
        for (public, path) in uses(&code[m]) {
            if !public {
                continue;
            }
            if let (Some((target, _)), Some(name)) = (resolve(&files, m, &path), path.last())
                && &target != m
            {
                reexports.insert((m.clone(), name.clone()), target);
            }
        }
    }
    let mut edges: HashMap<Module, BTreeSet<Module>> = HashMap::new();
    for m in files.keys() {
        let paths = uses(&code[m])
            .into_iter()
            .map(|(_, p)| p)
            .chain(inline_paths(&code[m]));
        for path in paths {
            let Some((mut target, mut item)) = resolve(&files, m, &path) else {
                continue;
            };
            let mut hops = 0;
            while let Some(next) = item
                .as_ref()
                .and_then(|i| reexports.get(&(target.clone(), i.clone())))
            {
                target = next.clone();
                // The item keeps its name through a re-export (`as` is not followed).
                hops += 1;
                if hops > 8 {
                    item = None;
                }
            }
            if &target != m && !target.is_empty() {
                edges.entry(m.clone()).or_default().insert(target);
            }
        }
    }
    (files, edges)
}

/// The groups of files that use each other round (strongly connected, two or more files),
/// each sorted, with the edges inside it.
fn circles(edges: &HashMap<Module, BTreeSet<Module>>, nodes: &[Module]) -> Vec<Vec<Module>> {
    struct Tarjan<'a> {
        edges: &'a HashMap<Module, BTreeSet<Module>>,
        index: HashMap<Module, usize>,
        low: HashMap<Module, usize>,
        stack: Vec<Module>,
        on_stack: BTreeSet<Module>,
        out: Vec<Vec<Module>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: &Module) {
            let i = self.index.len();
            self.index.insert(v.clone(), i);
            self.low.insert(v.clone(), i);
            self.stack.push(v.clone());
            self.on_stack.insert(v.clone());
            for w in self.edges.get(v).into_iter().flatten() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v.clone(), low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v.clone(), low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut group = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(&w);
                    let done = &w == v;
                    group.push(w);
                    if done {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.out.push(group);
                }
            }
        }
    }
    let mut t = Tarjan {
        edges,
        index: HashMap::new(),
        low: HashMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in nodes {
        if !t.index.contains_key(v) {
            t.visit(v);
        }
    }
    t.out
}

fn name(m: &Module) -> String {
    if m.is_empty() {
        "(root)".into()
    } else {
        m.join("/")
    }
}

fn source_roots() -> Vec<PathBuf> {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut roots = vec![workspace.join("src")];
    let mut crates: Vec<PathBuf> = std::fs::read_dir(workspace.join("crates"))
        .expect("the crates folder")
        .map(|e| e.expect("a folder entry").path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    crates.sort();
    roots.extend(crates);
    roots
}

#[test]
fn no_file_imports_a_file_that_imports_it_back() {
    let roots = source_roots();
    assert!(roots.len() >= 5, "the game and the rules crates: {roots:?}");
    let mut found = Vec::new();
    for root in &roots {
        let (files, edges) = graph(root);
        assert!(!files.is_empty(), "no source files in {}", root.display());
        let nodes: Vec<Module> = files.keys().cloned().collect();
        for group in circles(&edges, &nodes) {
            let uses: Vec<String> = group
                .iter()
                .flat_map(|a| {
                    let inside = edges[a].iter().filter(|b| group.contains(b));
                    inside.map(move |b| format!("{} uses {}", name(a), name(b)))
                })
                .collect();
            found.push(format!("{}: {}", root.display(), uses.join(", ")));
        }
    }
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

/// The folder a file stands in (`a/b/c.rs` and `a/b/mod.rs` are in `a/b`).
fn folder_of(files: &BTreeMap<Module, PathBuf>, m: &Module) -> Module {
    let dir_module = files[m]
        .file_name()
        .is_some_and(|n| n == "mod.rs" || n == "lib.rs" || n == "main.rs");
    let mut folder = m.clone();
    if !dir_module {
        folder.pop();
    }
    folder
}

/// The uses between folders: a file of one using a file of another, neither folder inside
/// the other (a folder's files and its subfolders' use each other, as the Bevy models'
/// parent modules and their children do).
fn folder_edges(
    files: &BTreeMap<Module, PathBuf>,
    edges: &HashMap<Module, BTreeSet<Module>>,
) -> HashMap<Module, BTreeSet<Module>> {
    let mut out: HashMap<Module, BTreeSet<Module>> = HashMap::new();
    for (a, targets) in edges {
        let fa = folder_of(files, a);
        for b in targets {
            let fb = folder_of(files, b);
            if !fa.starts_with(&fb) && !fb.starts_with(&fa) {
                out.entry(fa.clone()).or_default().insert(fb);
            }
        }
    }
    out
}

#[test]
fn no_folder_uses_a_folder_that_uses_it_back() {
    let mut found = Vec::new();
    for root in source_roots() {
        let (files, edges) = graph(&root);
        let folders = folder_edges(&files, &edges);
        let nodes: BTreeSet<Module> = files.keys().map(|m| folder_of(&files, m)).collect();
        let nodes: Vec<Module> = nodes.into_iter().collect();
        for group in circles(&folders, &nodes) {
            let names: Vec<String> = group.iter().map(name).collect();
            found.push(format!("{}: {}", root.display(), names.join(", ")));
        }
    }
    assert!(
        found.is_empty(),
        "folders that use each other:\n{}",
        found.join("\n")
    );
}

/// The reading itself: a made-up crate with a circle through a re-export is caught, and
/// the same crate without the circle passes.
#[test]
fn a_circle_through_a_reexport_is_found_and_a_parent_declaring_its_child_is_none() {
    let dir = std::env::temp_dir().join(format!("timefork-circles-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("game")).unwrap();
    // lib -> game (mod only); game/board uses crate::rules; rules uses crate::game::Piece,
    // re-exported by game/mod.rs from game/board.rs: a circle board -> rules -> board.
    std::fs::write(dir.join("lib.rs"), "pub mod game;\npub mod rules;\n").unwrap();
    std::fs::write(
        dir.join("game/mod.rs"),
        "pub mod board;\npub use board::Piece;\n// crate::rules::nothing in a comment\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("game/board.rs"),
        "pub struct Piece;\nfn f() { let _ = crate::rules::legal(); }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("rules.rs"),
        "use crate::game::Piece;\npub fn legal() -> bool { let _ = \"super::game\"; true }\n",
    )
    .unwrap();
    let (files, edges) = graph(&dir);
    let nodes: Vec<Module> = files.keys().cloned().collect();
    let found: Vec<Vec<String>> = circles(&edges, &nodes)
        .iter()
        .map(|c| c.iter().map(name).collect())
        .collect();
    assert_eq!(found, vec![vec!["game/board", "rules"]]);

    // Without board's use of rules there is none (comments and strings name no files).
    std::fs::write(dir.join("game/board.rs"), "pub struct Piece;\n").unwrap();
    let (files, edges) = graph(&dir);
    let nodes: Vec<Module> = files.keys().cloned().collect();
    assert!(circles(&edges, &nodes).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `super::` names the parent module from `a/b.rs` as from `a/b/mod.rs`; a use tree
/// `super::{..}` names its items, not the parent; a test module's `use super::*` is none.
#[test]
fn super_paths_in_nested_files_name_the_parent_module() {
    let dir = std::env::temp_dir().join(format!("timefork-super-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("game/rules")).unwrap();
    std::fs::write(dir.join("lib.rs"), "pub mod game;\npub mod top;\n").unwrap();
    std::fs::write(
        dir.join("game/mod.rs"),
        "pub mod board;\npub mod rules;\npub mod pieces;\npub struct Root;\n",
    )
    .unwrap();
    // board -> rules (a sibling, through super), rules -> rules/moves (child of a
    // file that is not mod.rs), moves -> board (two supers): a circle of three.
    std::fs::write(
        dir.join("game/board.rs"),
        "use super::rules::legal;\npub struct Square;\n\
         #[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::top::Top;\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("game/rules.rs"),
        "pub mod moves;\nuse moves::step;\npub fn legal() {}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("game/rules/moves.rs"),
        "use super::super::board::Square;\npub fn step() {}\n",
    )
    .unwrap();
    // pieces uses the parent's item inline through a use tree; game/mod.rs does not use
    // pieces, so there is no circle there; top uses board, and board's test module uses
    // top, which is no circle either.
    std::fs::write(
        dir.join("game/pieces.rs"),
        "use super::{Root};\nfn f() { let _ = super::Root; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("top.rs"),
        "use crate::game::board::Square;\npub struct Top;\n",
    )
    .unwrap();
    let (files, edges) = graph(&dir);
    let edge = |a: &str, b: &str| {
        let m = |s: &str| s.split('/').map(str::to_owned).collect::<Module>();
        edges.get(&m(a)).is_some_and(|t| t.contains(&m(b)))
    };
    assert!(edge("game/board", "game/rules"));
    assert!(edge("game/rules", "game/rules/moves"));
    assert!(edge("game/rules/moves", "game/board"));
    assert!(edge("game/pieces", "game"));
    assert!(
        !edge("game/board", "top"),
        "a test module's use is not the file's"
    );
    assert!(
        !edge("game/board", "game"),
        "use super::rules::legal names rules, not game"
    );
    let nodes: Vec<Module> = files.keys().cloned().collect();
    let found: Vec<Vec<String>> = circles(&edges, &nodes)
        .iter()
        .map(|c| c.iter().map(name).collect())
        .collect();
    assert_eq!(
        found,
        vec![vec!["game/board", "game/rules", "game/rules/moves"]]
    );
    // At folder level `game` and its subfolder `game/rules` use each other, as a parent
    // and its children may: no circle between folders.
    let folders = folder_edges(&files, &edges);
    assert!(folders.is_empty(), "{folders:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two sibling folders whose files use each other, with no circle between the files, are
/// a circle between the folders.
#[test]
fn sibling_folders_that_use_each_other_are_found() {
    let dir = std::env::temp_dir().join(format!("timefork-folders-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("hud")).unwrap();
    std::fs::create_dir_all(dir.join("puzzles")).unwrap();
    std::fs::write(dir.join("lib.rs"), "pub mod hud;\npub mod puzzles;\n").unwrap();
    std::fs::write(dir.join("hud/mod.rs"), "pub mod column;\npub mod list;\n").unwrap();
    std::fs::write(dir.join("hud/column.rs"), "pub fn panel() {}\n").unwrap();
    std::fs::write(
        dir.join("hud/list.rs"),
        "use crate::puzzles::panel::Active;\n",
    )
    .unwrap();
    std::fs::write(dir.join("puzzles/mod.rs"), "pub mod panel;\n").unwrap();
    std::fs::write(
        dir.join("puzzles/panel.rs"),
        "use crate::hud::column::panel;\npub struct Active;\n",
    )
    .unwrap();
    let (files, edges) = graph(&dir);
    let nodes: Vec<Module> = files.keys().cloned().collect();
    assert!(circles(&edges, &nodes).is_empty());
    let folders = folder_edges(&files, &edges);
    let nodes: Vec<Module> = vec![vec![], vec!["hud".into()], vec!["puzzles".into()]];
    let found: Vec<Vec<String>> = circles(&folders, &nodes)
        .iter()
        .map(|c| c.iter().map(name).collect())
        .collect();
    assert_eq!(found, vec![vec!["hud", "puzzles"]]);
    let _ = std::fs::remove_dir_all(&dir);
}
