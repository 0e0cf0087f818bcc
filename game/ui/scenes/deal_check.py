"""Check this deal (from the review): one round's deal checked as ``python -m
game verify`` checks a record (``game.engine.verify``): the commitment shown on
the table before the first action, the seed and salt revealed after the round,
and what the check found, in words (game/words/deals.py)."""

from __future__ import annotations


import pygame

from game.engine import Match, RecordError, match_to_record
from game.engine.verify import RoundCheck, verify
from game.i18n import N_, _
from game.ui.drawing.menu import wrap_lines
from game.ui.scenes.info import PictureInfoScene, ui_font
from game.ui.drawing.text import DIM, GOLD, IVORY, RED
from game.words.deals import check_words, deal_words


def check_round(match: Match, round_index: int) -> RoundCheck | str:
    """The check of round ``round_index`` of ``match``'s record, or why the record
    cannot be checked at all (in words)."""
    try:
        result = verify(match_to_record(match))
    except RecordError as err:
        return _("The record cannot be read: {error}").format(error=" ".join(str(err).split()))
    if not 0 <= round_index < len(result.rounds):
        return _("The record has no such round.")
    return result.rounds[round_index]


class DealCheckScene(PictureInfoScene):
    """The round's commitment, its revealed secrets and the verdict."""

    title = N_("Check this deal")

    def __init__(self, match: Match, round_index: int) -> None:
        super().__init__()
        self.match = match
        self.round_index = round_index
        self.check = check_round(match, round_index)
        self.holds = False
        self.verdict = ""  # what the check found, in words (tests read it)
        if isinstance(self.check, RoundCheck):
            self.holds, self.verdict = check_words(self.check, [p.name for p in match.players])
        else:
            self.verdict = self.check

    def build_body(self, body: pygame.Rect) -> None:
        self.view = body
        self.paint_inset(body)
        pad = self.px(14)
        width = body.width - 2 * pad - self.column.bar_room
        out = pygame.Surface((body.width, max(body.height, self.px(900))), pygame.SRCALPHA)
        texts: list[tuple[str, pygame.Rect]] = []
        y = pad

        def say(words: str, size: int, colour: tuple[int, int, int], bold: bool = False, gap: int = 6) -> None:
            nonlocal y
            font = ui_font(size, bold)
            for part in wrap_lines(words, width, lambda s: font.size(s)[0]):
                shown = size
                while shown > 11 and ui_font(shown, bold).size(part)[0] > width:  # a long run of digits
                    shown -= 1
                picture = ui_font(shown, bold).render(part, True, colour)
                spot = picture.get_rect(topleft=(pad, y))
                out.blit(picture, spot)
                texts.append((part, spot))
                y = spot.bottom
            y += self.px(gap)

        seal = self.match.seal(self.round_index)
        say(_("Round {round}").format(round=self.round_index + 1), self.px(22), GOLD, True)
        if seal is not None:
            say(_("{deal}: committed to before the first action, as the table showed it.").format(deal=deal_words(seal.commitment)), self.px(16), IVORY, gap=2)
            say(_("Commitment: {digits}").format(digits=seal.commitment), self.px(14), DIM)
            if seal.seed is not None and seal.salt is not None:
                say(_("Revealed after the round:"), self.px(16), IVORY, gap=2)
                say(_("seed {digits}").format(digits=seal.seed), self.px(14), DIM, gap=2)
                say(_("salt {digits}").format(digits=seal.salt), self.px(14), DIM)
        y += self.px(6)
        say(self.verdict, self.px(18), GOLD if self.holds else RED, True, gap=12)
        say(
            _("The seed deals every hand and the boneyard in its order; the commitment fixes the seed before play, "
              "and the computer plays from its own seat's view alone. Anyone can check a kept match: python -m game verify RECORD."),
            self.px(14),
            DIM,
        )
        self._picture = out.subsurface(pygame.Rect(0, 0, body.width, max(body.height, y + pad))).copy()
        whole = self._picture.get_rect()  # (each line may fill the body)
        self._texts = [(words, spot, whole) for words, spot in texts]
        self.column.set_view(body, self._picture.get_height(), keep=False)
