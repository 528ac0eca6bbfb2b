"""A tiny markdown subset rendered on parchment: the rules texts.

Supported: `# `, `## `, `### ` headings; paragraphs; `- ` bullets; `**bold**`;
a paragraph or bullet starting with `[house]` gets a "house rule" badge.
"""

from __future__ import annotations

import re

import pygame

from scenes import style

_BOLD = re.compile(r"(\*\*[^*]+\*\*)")


def _tokens(text: str) -> list[tuple[str, bool, bool]]:
    """(word, bold, space before it): punctuation right after a bold word stays
    glued to it ("**Ás**:" reads "Ás:", not "Ás :")."""
    out: list[tuple[str, bool, bool]] = []
    gap = False
    for part in _BOLD.split(text):
        if not part:
            continue
        bold = part.startswith("**") and part.endswith("**")
        body = part[2:-2] if bold else part
        for i, word in enumerate(body.split(" ")):
            if word:
                out.append((word, bold, gap or i > 0))
                gap = False
            elif i > 0 or not body:
                gap = True
        gap = gap or body.endswith(" ")
    return out


def _flow(
    target: pygame.Surface | None,
    tokens: list[tuple[str, bool, bool]],
    x0: int,
    y: int,
    width: int,
    size: int,
    colour: tuple[int, int, int],
) -> int:
    """Lay words out left to right, wrapping at `width`; returns the next y."""
    line_h = int(size * 1.5)
    x = x0
    space = style.font(size).size(" ")[0]
    for word, bold, spaced in tokens:
        f = style.font(size, "bold" if bold else "sans")
        ww = f.size(word)[0]
        if x > x0 and spaced:
            x += space
        if x > x0 and x + ww > x0 + width and spaced:
            x = x0
            y += line_h
        if target is not None:
            target.blit(f.render(word, True, colour), (x, y))
        x += ww
    return y + line_h


def parse_blocks(text: str) -> list[tuple[str, str]]:
    """(kind, text) blocks: h1, h2, h3, p, li."""
    blocks: list[tuple[str, str]] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(("p", " ".join(para)))
            para.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
            continue
        for prefix, kind in (("### ", "h3"), ("## ", "h2"), ("# ", "h1")):
            if line.startswith(prefix):
                flush()
                blocks.append((kind, line[len(prefix) :]))
                break
        else:
            if line.startswith("- ") or line.startswith("* "):
                flush()
                blocks.append(("li", line[2:]))
            elif blocks and blocks[-1][0] == "li" and not para and raw.startswith("  "):
                blocks[-1] = ("li", blocks[-1][1] + " " + line)  # continued bullet
            else:
                para.append(line)
    flush()
    return blocks


def render_markdown(text: str, width: int, house_label: str, size: int = 17) -> pygame.Surface:
    """Render the text to a transparent surface `width` pixels wide."""

    def paint(target: pygame.Surface | None) -> int:
        y = 0
        for kind, body in parse_blocks(text):
            if kind in ("h1", "h2", "h3"):
                hs = {"h1": 40, "h2": 30, "h3": 23}[kind]
                y += 8 if kind != "h1" else 0
                for line in style.wrap_text(body, hs, width, "serif"):
                    if target is not None:
                        style.blit_text(target, line, hs, (0, y), style.INK, kind="serif")
                    y += int(hs * 1.25)
                if kind == "h2" and target is not None:
                    pygame.draw.line(target, style.GOLD_DARK, (0, y), (width, y), 1)
                y += 8
                continue
            house = body.startswith("[house]")
            if house:
                body = body[len("[house]") :].strip()
            indent = 22 if kind == "li" else 0
            x0 = indent
            if kind == "li" and target is not None:
                pygame.draw.circle(target, style.GOLD_DARK, (8, y + int(size * 0.75)), 4)
            if house:
                badge = style.render_text(house_label, size - 3, style.CREAM, "bold")
                bw = badge.get_width() + 14
                if target is not None:
                    pygame.draw.rect(
                        target,
                        style.RED,
                        pygame.Rect(x0, y + 2, bw, int(size * 1.3)),
                        border_radius=6,
                    )
                    target.blit(badge, (x0 + 7, y + 3))
                y += int(size * 1.6)
            y = _flow(target, _tokens(body), x0, y, width - indent, size, style.INK)
            y += 6 if kind == "li" else 12
        return y

    height = paint(None)
    surf = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
    paint(surf)
    return surf
