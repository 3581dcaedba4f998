//! The languages Timefork speaks.

/// A language of the game's texts. The order is the order of the setting's choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Ru,
    Ja,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Ru, Lang::Ja];

    /// The code used in settings, on the command line and for the locale folder.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
            Lang::Ja => "ja",
        }
    }

    /// The language's name in itself, as a language menu shows it.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ru => "Русский",
            Lang::Ja => "日本語",
        }
    }

    /// `en`, `ru`, `ja`, or a locale such as `ru-RU`, `ja_JP.UTF-8`, `en-GB`.
    pub fn from_code(code: &str) -> Option<Lang> {
        let base = code
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == base)
    }

    /// The system's language when it is one of ours, else English (asked once).
    pub fn system() -> Lang {
        static SYSTEM: std::sync::OnceLock<Lang> = std::sync::OnceLock::new();
        *SYSTEM.get_or_init(|| {
            sys_locale::get_locales()
                .find_map(|l| Lang::from_code(&l))
                .unwrap_or(Lang::En)
        })
    }

    pub(crate) fn from_index(i: u8) -> Lang {
        Lang::ALL.get(i as usize).copied().unwrap_or(Lang::En)
    }
}

#[cfg(test)]
mod tests {
    use super::Lang;

    #[test]
    fn locale_names_choose_the_language() {
        assert_eq!(Lang::from_code("ru"), Some(Lang::Ru));
        assert_eq!(Lang::from_code("ru-RU"), Some(Lang::Ru));
        assert_eq!(Lang::from_code("ja_JP.UTF-8"), Some(Lang::Ja));
        assert_eq!(Lang::from_code("EN-gb"), Some(Lang::En));
        assert_eq!(Lang::from_code("de-DE"), None);
        assert_eq!(Lang::from_code(""), None);
    }

    #[test]
    fn every_language_round_trips_its_code() {
        for l in Lang::ALL {
            assert_eq!(Lang::from_code(l.code()), Some(l));
            assert_eq!(Lang::from_index(l as u8), l);
        }
    }
}
