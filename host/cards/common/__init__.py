"""What every card game shares: cards and decks, the bot kit, the Session adapter."""
