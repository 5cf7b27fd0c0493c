"""Recommended build tiers (Beginner, 1, 2, 4 and 8 GPUs) from today's prices."""
