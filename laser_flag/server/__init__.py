"""`laser-flag-server`: one asyncio process that holds many games (docs/SERVER.md).

Players and spectators connect to it outbound; it is the authority for each game, as a host is,
and sends each seat only its team's view. Nothing here imports pygame.
"""
