//! The Fluent files of every language, parsed once, and the checks the tests run on them.

use crate::Lang;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;
use unic_langid::LanguageIdentifier;

/// Each area's file in each language, compiled in (the list is `crate::AREAS`).
macro_rules! sources {
    ($($area:literal),* $(,)?) => {
        /// The areas, in the order of their files.
        pub(crate) const AREAS: &[&str] = &[$($area),*];

        fn sources(lang: Lang) -> &'static [(&'static str, &'static str)] {
            match lang {
                Lang::En => &[$(($area, include_str!(concat!("../locales/en/", $area, ".ftl")))),*],
                Lang::Ru => &[$(($area, include_str!(concat!("../locales/ru/", $area, ".ftl")))),*],
                Lang::Ja => &[$(($area, include_str!(concat!("../locales/ja/", $area, ".ftl")))),*],
            }
        }
    };
}
sources!(
    "common",
    "title",
    "settings",
    "menus",
    "fived",
    "puzzles",
    "wager",
    "kingdrops",
    "tutorial",
    "rules",
    "net",
);

fn langid(lang: Lang) -> LanguageIdentifier {
    lang.code().parse().expect("our language codes are valid")
}

/// One language's messages. A file that fails to parse still gives the messages it could
/// read (`check` reports the rest).
fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let mut bundle = FluentBundle::new_concurrent(vec![langid(lang)]);
    // Isolation marks (U+2068/2069) around arguments would draw as boxes in egui.
    bundle.set_use_isolating(false);
    for (_, text) in sources(lang) {
        let resource = FluentResource::try_new((*text).to_owned()).unwrap_or_else(|(r, _)| r);
        bundle.add_resource_overriding(resource);
    }
    bundle
}

fn bundles() -> &'static [FluentBundle<FluentResource>; 3] {
    static BUNDLES: OnceLock<[FluentBundle<FluentResource>; 3]> = OnceLock::new();
    BUNDLES.get_or_init(|| Lang::ALL.map(bundle))
}

pub(crate) fn has(lang: Lang, key: &str) -> bool {
    bundles()[lang as usize]
        .get_message(key)
        .is_some_and(|m| m.value().is_some())
}

pub(crate) fn format(lang: Lang, key: &str, args: &FluentArgs) -> Option<String> {
    let bundle = &bundles()[lang as usize];
    let pattern = bundle.get_message(key)?.value()?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(args), &mut errors);
    // A missing argument leaves `{$name}` in the text: visible, and caught by the tests.
    Some(text.into_owned())
}

/// Something wrong with the texts: which language and file, and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub lang: Lang,
    pub area: &'static str,
    pub what: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "locales/{}/{}.ftl: {}",
            self.lang.code(),
            self.area,
            self.what
        )
    }
}

/// A message's variables, as a set of names, for comparing translations with English.
type Messages = BTreeMap<String, (&'static str, BTreeSet<String>)>;

/// Every problem in every language: files that do not parse, keys defined twice, keys
/// English has and a translation lacks (or the reverse), and translations that use other
/// variables than English does (a `{ $count }` where English passes `n` would stay
/// unfilled).
pub fn check() -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut per_lang: Vec<Messages> = Vec::new();
    for lang in Lang::ALL {
        let mut messages = Messages::new();
        for (area, text) in sources(lang) {
            let resource = match FluentResource::try_new((*text).to_owned()) {
                Ok(r) => r,
                Err((r, errors)) => {
                    for e in errors {
                        let line = text[..e.pos.start.min(text.len())].lines().count().max(1);
                        problems.push(Problem {
                            lang,
                            area,
                            what: format!("line {line}: does not parse: {:?}", e.kind),
                        });
                    }
                    r
                }
            };
            for entry in resource.entries() {
                let ast::Entry::Message(m) = entry else {
                    continue;
                };
                let key = m.id.name.to_owned();
                let Some(value) = &m.value else {
                    problems.push(Problem {
                        lang,
                        area,
                        what: format!("`{key}` has no text"),
                    });
                    continue;
                };
                let mut vars = BTreeSet::new();
                pattern_vars(value, &mut vars);
                if let Some((first, _)) = messages.insert(key.clone(), (area, vars)) {
                    problems.push(Problem {
                        lang,
                        area,
                        what: format!("`{key}` is defined twice (also in {first}.ftl)"),
                    });
                }
            }
        }
        per_lang.push(messages);
    }
    let english = &per_lang[Lang::En as usize];
    for lang in [Lang::Ru, Lang::Ja] {
        let other = &per_lang[lang as usize];
        for (key, (area, vars)) in english {
            match other.get(key) {
                None => problems.push(Problem {
                    lang,
                    area,
                    what: format!("`{key}` is missing"),
                }),
                Some((_, theirs)) if theirs != vars => problems.push(Problem {
                    lang,
                    area,
                    what: format!("`{key}` uses the variables {theirs:?}, English uses {vars:?}"),
                }),
                Some(_) => {}
            }
        }
        for (key, (area, _)) in other {
            if !english.contains_key(key) {
                problems.push(Problem {
                    lang,
                    area,
                    what: format!("`{key}` is not an English key"),
                });
            }
        }
    }
    problems
}

/// Every key English defines.
pub fn keys() -> Vec<String> {
    let mut keys = Vec::new();
    for (_, text) in sources(Lang::En) {
        if let Ok(r) = FluentResource::try_new((*text).to_owned()) {
            for entry in r.entries() {
                if let ast::Entry::Message(m) = entry {
                    keys.push(m.id.name.to_owned());
                }
            }
        }
    }
    keys
}

/// Every character a language's texts contain (for checking the fonts cover them).
pub fn characters(lang: Lang) -> BTreeSet<char> {
    sources(lang)
        .iter()
        .flat_map(|(_, text)| {
            text.lines()
                .filter(|l| !l.trim_start().starts_with('#'))
                .flat_map(|l| l.chars())
        })
        .collect()
}

fn pattern_vars(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &p.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_vars(expression, out);
        }
    }
}

fn expression_vars(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Inline(i) => inline_vars(i, out),
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, out);
            for v in variants {
                pattern_vars(&v.value, out);
            }
        }
    }
}

fn inline_vars(e: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_owned());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, out);
            }
            for a in &arguments.named {
                inline_vars(&a.value, out);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, out),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_area_has_a_file_in_every_language() {
        for lang in Lang::ALL {
            let names: Vec<&str> = sources(lang).iter().map(|(a, _)| *a).collect();
            assert_eq!(names, crate::AREAS, "{lang:?}");
        }
    }
}
