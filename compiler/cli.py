def main() -> None:
    raise SystemExit("sgs: CLI not built yet")
