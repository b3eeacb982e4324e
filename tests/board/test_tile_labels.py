from laser_flag.board.tile_labels import TILE_LABELS
from laser_flag.engine.game_map import TILE_KINDS


def test_every_tile_kind_has_one_label_of_its_own():
    assert set(TILE_LABELS) == set(TILE_KINDS)
    assert len(set(TILE_LABELS.values())) == len(TILE_KINDS)
