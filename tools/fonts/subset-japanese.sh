#!/bin/sh
# Cuts Noto Sans CJK JP (SIL OFL 1.1) down to the characters Timefork's Japanese texts use,
# plus every kana and the CJK punctuation, so a new translation line rarely needs a rerun.
# Run after changing crates/i18n/locales/ja/*.ftl; the test `every_text_has_glyphs`
# (tests/languages.rs) fails when a character is missing.
#
# Needs: fonts-noto-cjk and fonttools (Debian: apt-get install fonts-noto-cjk fonttools).
set -eu
cd "$(dirname "$0")/../.."
source_font=${NOTO_CJK:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
out=assets/fonts/NotoSansJP-Timefork.otf
chars=$(mktemp)
trap 'rm -f "$chars"' EXIT
# The texts' characters (comments too: they cost little and keep the script simple).
cat crates/i18n/locales/ja/*.ftl > "$chars"
# ASCII, CJK punctuation, hiragana, katakana, full-width forms, the middle dot, arrows.
ranges="U+0020-007E,U+00B7,U+2010-2027,U+2190-2199,U+2460-2473,U+25A0-25FF,U+3000-303F,U+3040-309F,U+30A0-30FF,U+FF01-FF60"
pyftsubset "$source_font" --font-number=0 --text-file="$chars" --unicodes="$ranges" \
    --layout-features='*' --no-hinting --desubroutinize --output-file="$out"

# egui applies no OpenType features: the brackets get their proportional widths here.
python=$(head -n 1 "$(command -v pyftsubset)" | sed 's/^#! *//')
$python tools/fonts/half-width-brackets.py "$out"
ls -l "$out"
