"""Search shared by bots of any game (information-set Monte Carlo tree search)."""

from game.ai.ismcts import SearchGame, SearchResult, ismcts

__all__ = ["SearchGame", "SearchResult", "ismcts"]
