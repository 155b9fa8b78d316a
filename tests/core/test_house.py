"""The house's shape (docs/ARCHITECTURE.md, "The house"): imports run down, never in a circle.

Read from the code's own import statements (type-only imports included: a circle through
`if TYPE_CHECKING:` is still a circle), so a move that leaves an arrow pointing up, or
two modules that need each other, fails here rather than in a reader's head.
"""

from __future__ import annotations

import ast
from pathlib import Path

HOST = Path(__file__).resolve().parents[2] / "host"

# From the top down; a package may import its own layer and any below, never above.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("__main__", "serve"),
    ("app",),
    ("routes", "workers"),
    ("sockets",),
    ("room",),
    ("session",),
    ("quiz_round", "buzzer_board", "territory", "cards"),
    ("store",),
    ("games", "quiz", "people", "wire", "messages"),
    ("clock", "rng", "schema", "config", "netinfo", "resources", "__init__"),
)
LAYER = {name: depth for depth, names in enumerate(LAYERS) for name in names}


def module_name(path: Path) -> str:
    parts = path.relative_to(HOST.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports() -> dict[str, set[str]]:
    """Every module of host/ and the modules of host/ it imports (a name imported from a
    package counts as its submodule when one of that name exists)."""
    modules = {module_name(path): path for path in HOST.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                    and node.module.split(".")[0] == "host":
                for alias in node.names:
                    sub = f"{node.module}.{alias.name}"
                    found.add(sub if sub in modules else node.module)
            elif isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names
                          if alias.name.split(".")[0] == "host"}
        graph[name] = {target for target in found if target in modules and target != name}
    return graph


def package(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def test_every_package_has_a_layer() -> None:
    packages = {package(name) for name in imports()}
    assert packages <= set(LAYER), f"give these a layer: {sorted(packages - set(LAYER))}"


def test_imports_only_run_down() -> None:
    upward = sorted(f"{source} -> {target}" for source, targets in imports().items()
                    for target in targets
                    if LAYER[package(source)] > LAYER[package(target)])
    assert upward == []


def test_no_circles() -> None:
    """Tarjan's strongly connected components over the modules: each must be one module."""
    graph = imports()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    assert circles == []


def test_the_top_level_stays_small_and_modules_short() -> None:
    top = sorted(path.name for path in HOST.glob("*.py"))
    assert len(top) <= 12, top
    long = sorted(f"{path.relative_to(HOST.parent)}: {lines}"
                  for path in [*HOST.rglob("*.py"), *HOST.rglob("*.js")]
                  if "vendor" not in path.parts
                  and (lines := len(path.read_text(encoding="utf-8").splitlines())) > 500)
    assert long == []
