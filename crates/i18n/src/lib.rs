//! Every text a player reads, in English, Russian and Japanese, from Fluent files
//! (`locales/<lang>/<area>.ftl`, compiled into the binary).
//!
//! The language is one setting for the whole program, so it lives here as a global rather
//! than in every function that draws a label: `set_language` switches it, `tr!` reads it.
//! A key missing in a language falls back to English, then to the key itself, so a gap
//! shows as a visible key and never as a panic; `check` finds every gap for the tests.

mod lang;
mod library;

pub use lang::Lang;
pub use library::{Problem, characters, check, keys};

use fluent_bundle::{FluentArgs, FluentValue};
use std::sync::atomic::{AtomicU8, Ordering};

/// The areas of the game, one Fluent file each in every language (listed once, with the
/// files, in `library.rs`).
pub const AREAS: &[&str] = library::AREAS;

static CURRENT: AtomicU8 = AtomicU8::new(0);

/// The language every `tr!` answers in from now on.
pub fn set_language(lang: Lang) {
    CURRENT.store(lang as u8, Ordering::Relaxed);
}

/// The language texts are in now.
pub fn language() -> Lang {
    Lang::from_index(CURRENT.load(Ordering::Relaxed))
}

/// A value for a message's `{ $name }`: numbers choose plural forms, text is inserted.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Int(i64),
    Float(f64),
    Text(String),
}

macro_rules! arg_from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(v: $t) -> Arg {
                Arg::Int(v as i64)
            }
        }
    )*};
}
arg_from_int!(i8, i16, i32, i64, u8, u16, u32, u64, usize, isize);

impl From<f32> for Arg {
    fn from(v: f32) -> Arg {
        Arg::Float(v as f64)
    }
}
impl From<f64> for Arg {
    fn from(v: f64) -> Arg {
        Arg::Float(v)
    }
}
impl From<&str> for Arg {
    fn from(v: &str) -> Arg {
        Arg::Text(v.to_owned())
    }
}
impl From<String> for Arg {
    fn from(v: String) -> Arg {
        Arg::Text(v)
    }
}
impl From<&String> for Arg {
    fn from(v: &String) -> Arg {
        Arg::Text(v.clone())
    }
}

/// The text of `key` in the current language.
pub fn text(key: &str) -> String {
    text_in(language(), key, &[])
}

/// The text of `key` in the current language, with its arguments filled in.
pub fn text_with(key: &str, args: &[(&str, Arg)]) -> String {
    text_in(language(), key, args)
}

/// The text of `key` in `lang` (English where `lang` lacks it, the key where both do).
pub fn text_in(lang: Lang, key: &str, args: &[(&str, Arg)]) -> String {
    let mut fargs = FluentArgs::new();
    for (name, value) in args {
        let v = match value {
            Arg::Int(i) => FluentValue::from(*i),
            Arg::Float(f) => FluentValue::from(*f),
            Arg::Text(s) => FluentValue::from(s.clone()),
        };
        fargs.set(*name, v);
    }
    library::format(lang, key, &fargs)
        .or_else(|| library::format(Lang::En, key, &fargs))
        .unwrap_or_else(|| key.to_owned())
}

/// Whether `key` names a message in English (the reference language).
pub fn has_key(key: &str) -> bool {
    library::has(Lang::En, key)
}

/// `tr!("key")` or `tr!("key", name = value, ...)`: the text in the current language.
#[macro_export]
macro_rules! tr {
    ($key:literal) => {
        $crate::text($key)
    };
    ($key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::text_with($key, &[$((stringify!($name), $crate::Arg::from($value))),+])
    };
}
