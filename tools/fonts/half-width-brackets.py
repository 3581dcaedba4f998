"""Sets the font's full-width brackets half-width, as its own `palt` feature would.

egui draws text without OpenType features, so a full-width bracket keeps the half em of
space the font puts beside it for vertical alignment in running text: "現在線（手番 1 白）"
reads "現在線（ 手番 1 白 ）". The font's own proportional alternates (`palt`: shift the
outline, shorten the advance) are applied to the brackets once, here, for good; other
punctuation keeps its full width, as Japanese text expects.

Usage: half-width-brackets.py FONT.otf (rewritten in place).
"""

import sys

from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

BRACKETS = "（）［］｛｝「」『』【】〔〕〈〉《》"


def palt_values(font):
    """The `palt` adjustment (x placement, x advance) of every glyph that has one."""
    gpos = font["GPOS"].table
    out = {}
    for record in gpos.FeatureList.FeatureRecord:
        if record.FeatureTag != "palt":
            continue
        for index in record.Feature.LookupListIndex:
            for sub in gpos.LookupList.Lookup[index].SubTable:
                glyphs = sub.Coverage.glyphs
                values = [sub.Value] * len(glyphs) if sub.Format == 1 else sub.Value
                for glyph, value in zip(glyphs, values):
                    out[glyph] = (
                        getattr(value, "XPlacement", 0) or 0,
                        getattr(value, "XAdvance", 0) or 0,
                    )
    return out


def main(path):
    font = TTFont(path)
    cmap = font.getBestCmap()
    palt = palt_values(font)
    top = font["CFF "].cff.topDictIndex[0]
    glyph_set = font.getGlyphSet()
    hmtx = font["hmtx"]
    changed = []
    for char in BRACKETS:
        name = cmap.get(ord(char))
        if name is None or name not in palt:
            continue
        dx, dadvance = palt[name]
        advance, lsb = hmtx[name]
        if advance != 1000:
            continue  # already half-width (a second run)
        new_advance = advance + dadvance
        charstring, fd_index = top.CharStrings.getItemAndSelector(name)
        private = top.FDArray[fd_index].Private if fd_index is not None else top.Private
        width = None
        if new_advance != private.defaultWidthX:
            width = new_advance - private.nominalWidthX
        pen = T2CharStringPen(width, glyph_set)
        glyph_set[name].draw(TransformPen(pen, (1, 0, 0, 1, dx, 0)))
        charstring.program = pen.getCharString(private=private).program
        hmtx[name] = (new_advance, lsb + dx)
        changed.append(char)
    font.save(path)
    print(f"half-width: {''.join(changed)}")


if __name__ == "__main__":
    main(sys.argv[1])
