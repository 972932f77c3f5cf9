//! The layers of the source, checked from the code's own `use` paths: games never reach up
//! into the engine, the front-ends or the searcher; the searcher never names a game or the
//! protocol; and no two files import each other, directly or around a circle.
//!
//! Edges come from `crate::...` and `super::...` paths outside test modules, resolved to the
//! file that defines the module (following a `mod.rs` re-export one step). A file using its
//! own ancestors' `mod.rs` is a child using its parent's API and is not an edge.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `src/` by module path (`games::advance::position`; `""` the root).
fn modules() -> BTreeMap<String, PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    walk(&src, &mut files);
    files
        .into_iter()
        .map(|file| {
            let rel = file.strip_prefix(&src).unwrap().with_extension("");
            let mut parts: Vec<String> = rel
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            if matches!(
                parts.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                parts.pop();
            }
            (parts.join("::"), file)
        })
        .collect()
}

/// The file's code without its test modules (`#[cfg(test)]` followed by `mod`).
fn code(file: &Path) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let cut = (0..lines.len())
        .find(|&i| {
            lines[i].trim() == "#[cfg(test)]"
                && lines
                    .get(i + 1)
                    .is_some_and(|l| l.trim_start().starts_with("mod "))
        })
        .unwrap_or(lines.len());
    lines[..cut].join("\n")
}

/// Expands the path starting at `text` (after `crate::` or `super::`), with `{a, b::c}` groups.
fn paths(text: &str, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let ident_end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    if text.starts_with('{') {
        let mut depth = 0;
        let mut start = 1;
        for (i, c) in text.char_indices() {
            match c {
                '{' => depth += 1,
                '}' | ',' if depth == 1 => {
                    let item = text[start..i].trim();
                    if !item.is_empty() {
                        paths(item, prefix.clone(), out);
                    }
                    start = i + 1;
                    if c == '}' {
                        return;
                    }
                }
                '}' => depth -= 1,
                _ => {}
            }
        }
        return;
    }
    if ident_end == 0 {
        out.push(prefix);
        return;
    }
    let mut path = prefix;
    path.push(text[..ident_end].to_string());
    match text[ident_end..].strip_prefix("::") {
        Some(rest) => paths(rest, path, out),
        None => out.push(path),
    }
}

/// The module a file's `crate::`/`super::` paths point at, as full module paths.
fn references(module: &str, code: &str) -> Vec<Vec<String>> {
    let own: Vec<String> = module
        .split("::")
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    let mut found = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        paths(&code[at + "crate::".len()..], Vec::new(), &mut found);
    }
    let mut i = 0;
    while let Some(at) = code[i..].find("super::") {
        let start = i + at;
        i = start + "super::".len();
        if code[..start].ends_with("super::") {
            continue;
        }
        // Module paths of `mod.rs` files are their folders', so one `super` is one step up.
        let mut base = own.clone();
        base.pop();
        let mut rest = &code[i..];
        while let Some(r) = rest.strip_prefix("super::") {
            base.pop();
            rest = r;
        }
        paths(rest, base, &mut found);
    }
    found
}

/// `pub use child::{A, B}` lines of a `mod.rs`: exported name -> child module name.
fn reexports(code: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in code.lines() {
        if let Some(rest) = line.trim().strip_prefix("pub use ") {
            let mut found = Vec::new();
            paths(rest.trim_end_matches(';'), Vec::new(), &mut found);
            for p in found {
                if p.len() >= 2 && p[0] != "crate" && p[0] != "super" {
                    out.insert(p[p.len() - 1].clone(), p[0].clone());
                }
            }
        }
    }
    out
}

/// File-to-file edges (module paths), children's uses of their ancestors left out.
fn edges() -> BTreeMap<String, BTreeSet<String>> {
    let mods = modules();
    let codes: BTreeMap<&String, String> = mods.iter().map(|(m, f)| (m, code(f))).collect();
    let mut edges = BTreeMap::new();
    for module in mods.keys() {
        let mut targets = BTreeSet::new();
        for path in references(module, &codes[module]) {
            let Some(len) = (0..=path.len())
                .rev()
                .find(|&n| mods.contains_key(&path[..n].join("::")))
            else {
                continue;
            };
            let mut target = path[..len].join("::");
            if let Some(name) = path.get(len)
                && let Some(child) = reexports(&codes[&target]).get(name)
            {
                let inner = if target.is_empty() {
                    child.clone()
                } else {
                    format!("{target}::{child}")
                };
                if mods.contains_key(&inner) {
                    target = inner;
                }
            }
            let ancestor = target.is_empty()
                || module == &target
                || module.starts_with(&format!("{target}::"));
            if !ancestor {
                targets.insert(target);
            }
        }
        edges.insert(module.clone(), targets);
    }
    edges
}

#[test]
fn lower_layers_never_import_higher_ones() {
    // Games know no player (`search::player`) and no session (`engine`, `frontends`).
    let forbidden = [
        ("games", &["engine", "frontends", "search", "protocol"][..]),
        ("search", &["games", "engine", "frontends", "protocol"][..]),
        ("protocol", &["games", "engine", "frontends"][..]),
        (
            "game",
            &["games", "engine", "frontends", "search", "protocol"][..],
        ),
        (
            "rng",
            &["games", "engine", "frontends", "search", "protocol"][..],
        ),
    ];
    let mut wrong = Vec::new();
    for (from, targets) in edges() {
        for (layer, banned) in forbidden {
            if from == layer || from.starts_with(&format!("{layer}::")) {
                for t in &targets {
                    let top = t.split("::").next().unwrap();
                    if banned.contains(&top) {
                        wrong.push(format!("{from} -> {t}"));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "imports against the layers: {wrong:#?}");
}

#[test]
fn no_two_files_import_each_other_even_around_a_circle() {
    let edges = edges();
    // Depth-first search with colours: reaching a file still on the stack closes a circle.
    fn visit(
        at: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
        circles: &mut Vec<String>,
    ) {
        state.insert(at.to_string(), 1);
        stack.push(at.to_string());
        for next in edges.get(at).into_iter().flatten() {
            match state.get(next).copied().unwrap_or(0) {
                0 => visit(next, edges, state, stack, circles),
                1 => {
                    let from = stack.iter().position(|m| m == next).unwrap();
                    circles.push(format!("{} -> {next}", stack[from..].join(" -> ")));
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(at.to_string(), 2);
    }
    let mut state = BTreeMap::new();
    let mut circles = Vec::new();
    for module in edges.keys() {
        if !state.contains_key(module) {
            visit(module, &edges, &mut state, &mut Vec::new(), &mut circles);
        }
    }
    assert!(circles.is_empty(), "import circles: {circles:#?}");
}

#[test]
fn the_checker_sees_imports_through_groups_and_reexports() {
    let edges = edges();
    // Known, stable facts of the layout: if these vanish the checker has gone blind.
    assert!(edges["engine::driver"].contains("search"));
    assert!(edges["games::advance::game"].contains("game"));
    assert!(edges["frontends::advance::player"].contains("search::player"));
    // One player that thinks serves the session, XBoard and bench.
    for user in [
        "engine::driver",
        "frontends::xboard::think",
        "frontends::bench",
    ] {
        assert!(edges[user].contains("search::player"), "{user}");
    }
    assert!(
        edges["games::advance::movegen"].contains("games::advance::position"),
        "{:?}",
        edges["games::advance::movegen"]
    );
}

/// The whole words of `code` outside `//` comments.
fn words(code: &str) -> BTreeSet<String> {
    code.lines()
        .map(|l| l.split("//").next().unwrap())
        .flat_map(|l| l.split(|c: char| !(c.is_alphanumeric() || c == '_')))
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

#[test]
fn the_searcher_asks_a_game_only_for_its_rules_and_search_knowledge() {
    // The seam is split by capability (src/game.rs): presentation and session extras
    // (`Hosted`, and `Game`, which includes it) stay out of the searcher.
    let mut wrong = Vec::new();
    for (module, file) in modules() {
        if module == "search" || module.starts_with("search::") {
            let found = words(&code(&file));
            for name in ["Game", "Hosted"] {
                if found.contains(name) {
                    wrong.push(format!("{module} names {name}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
