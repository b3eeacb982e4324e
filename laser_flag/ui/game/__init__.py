"""The game screen's family: the scene, the board's marks and numbers, the side panel or its
drawer, the keys, the pointer, the hand-off between players and the question before leaving
unsaved."""
