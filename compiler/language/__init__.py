"""The register front end: a grammar by linguistic category (grammar/register/*.lark)."""
