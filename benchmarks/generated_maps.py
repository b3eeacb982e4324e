"""Twelve generated maps side by side, drawn by the game's own board code, with their pace.

Each seed's map (lab.generator, the default knobs but the symmetry: mirror and rotation in
turn unless `--symmetry` names one) plays `--games` games in each scripted mirror of the zoo; a
line a map gives its name, team 1's rate in each mirror, its mean rounds and shots a round,
the last line each mirror's mean rate over the maps, and `--plot` draws the maps in a grid,
each captioned with its name and pace. The games' seeds come from the lab's plan, so the same
seeds give the same games: a change to the generator is measured against the old one on the
very same games (the raw-layout rates in docs/BALANCE_LOG.md).
Run: .venv/bin/python benchmarks/generated_maps.py [--games 48] [--maps 12 | --seeds 0 2 ...]
     [--symmetry mirror] [--plot docs/images/generated_maps.png]
"""

from __future__ import annotations

import argparse
import os
import statistics

from laser_flag.engine import GameMap, parse_map
from laser_flag.lab.fair_maps import SCRIPTED, Effort, measure
from laser_flag.lab.generator import MIRROR, ROTATION, Knobs, build
from laser_flag.sight_files import use_data_folder
from laser_flag.tools.cli import positive

TILE_PX, CAPTION_PX, COLUMNS = 14, 34, 4


def pace(rows: list[dict]) -> tuple[float, float]:
    """Mean rounds and shots a round over the mirrors' games together."""
    games = sum(r["games"] for r in rows)
    rounds = sum(r["mean_rounds"] * r["games"] for r in rows)
    shots = sum(r["shots_per_round"] * r["mean_rounds"] * r["games"] for r in rows)
    return rounds / games, shots / rounds


def draw(maps: list[tuple[GameMap, str]], path: str) -> None:
    """The maps in a grid of COLUMNS, each with its caption below, as one PNG."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from laser_flag.board.draw import UnitLook, board_size, draw_board
    from laser_flag.board.palette import Palette

    pygame.init()
    font = pygame.font.Font(None, 17)
    cell_w = max(board_size(gm, TILE_PX)[0] for gm, _ in maps) + 12
    cell_h = max(board_size(gm, TILE_PX)[1] for gm, _ in maps) + CAPTION_PX + 12
    rows = -(-len(maps) // COLUMNS)
    sheet = pygame.Surface((cell_w * COLUMNS, cell_h * rows))
    sheet.fill((24, 24, 28))
    for i, (gm, caption) in enumerate(maps):
        x, y = (i % COLUMNS) * cell_w + 6, (i // COLUMNS) * cell_h + 6
        looks = [UnitLook.from_spec(spec, gm) for spec in gm.units]
        draw_board(sheet, gm, looks, (x, y), TILE_PX, Palette.from_map(gm))
        for n, text in enumerate(caption.split("\n")):
            label = font.render(text, True, (230, 230, 230))
            sheet.blit(label, (x, y + board_size(gm, TILE_PX)[1] + 3 + 15 * n))
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    pygame.image.save(sheet, path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=positive, default=48, help="games a scripted mirror")
    parser.add_argument("--maps", type=positive, default=12, help="seeds 0 to N-1")
    parser.add_argument("--seeds", type=int, nargs="+", help="these seeds instead of 0 to N-1")
    parser.add_argument("--symmetry", choices=(MIRROR, ROTATION),
                        help="every map's symmetry (default: mirror and rotation in turn)")
    parser.add_argument("--plot", metavar="FILE.png", help="draw the maps here")
    args = parser.parse_args()
    use_data_folder()
    shown = []
    print(f"{'seed':4}  {'name':20}  {'  '.join(f'{p[0]:>6}' for p in SCRIPTED)}  rounds  "
          f"shots/round")
    rates: list[list[float]] = []
    for seed in args.seeds or range(args.maps):
        data = build(seed, Knobs(symmetry=args.symmetry or (MIRROR, ROTATION)[seed % 2]))
        rows = measure([data], SCRIPTED, args.games, Effort(), None)[0].rows
        rates.append([r["team1_win_rate"] for r in rows])
        rounds, shots = pace(rows)
        shown_rates = "  ".join(f"{rate:6.0%}" for rate in rates[-1])
        print(f"{seed:4}  {data['name']:20}  {shown_rates}  {rounds:6.1f}  {shots:11.1f}",
              flush=True)
        shown.append((parse_map(data, data["name"]),
                      f"{seed}: {data['name']}\n{rounds:.1f} rounds, {shots:.1f} shots/round"))
    means = "  ".join(f"{statistics.mean(column):6.1%}" for column in zip(*rates, strict=True))
    print(f"{'mean':26}  {means}")
    if args.plot:
        draw(shown, args.plot)
        print(f"written to {args.plot}")


if __name__ == "__main__":
    main()
