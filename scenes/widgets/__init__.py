"""Widgets every table uses: cards, dice, chips, tweens, log and seat panels."""
