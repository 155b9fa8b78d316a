"""The quiz round: every team answers the same question on its phone (docs/rules/quiz-round.md)."""
