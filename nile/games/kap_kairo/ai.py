"""Placeholder, replaced below."""
from nile.ai.hooks import AiHooks


def hooks() -> AiHooks:
    return AiHooks()
