"""Keep the translation catalogues in line with the code.

    python scripts/i18n.py update [DOMAIN ...]    add new sentences to every .po (untranslated), drop gone ones
    python scripts/i18n.py compile                write the .mo files that ship in the wheel
    python scripts/i18n.py check [DOMAIN ...]     list what is missing or wrong (exit 1 if anything is)
"""

from __future__ import annotations

import sys

from boardgames.catalogues import DOMAINS, TRANSLATED, compile_all, problems, update


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("update", "compile", "check"):
        print(__doc__)
        return 2
    domains = argv[1:] or list(DOMAINS)
    unknown = [domain for domain in domains if domain not in DOMAINS]
    if unknown:
        print(f"unknown domain {unknown[0]!r}; the domains are {', '.join(DOMAINS)}")
        return 2
    failed = False
    for language in TRANSLATED:
        if argv[0] == "update":
            for domain in domains:
                total, missing = update(language, domain)
                print(f"{language}/{domain}: {total} sentences, {missing} untranslated")
        elif argv[0] == "compile":
            for path in compile_all(language):
                print("wrote", path)
        else:
            for domain in domains:
                found = problems(language, domain)
                failed = failed or bool(found)
                for line in found:
                    print(line)
                print(f"{language}/{domain}: {len(found)} problems")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
