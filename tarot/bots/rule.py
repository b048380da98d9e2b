"""Rule-based bots (placeholder: filled in by the rule-bot work)."""
