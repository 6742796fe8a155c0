"""Map the project's top-level folders under the one import name `sgs` (no symlinks).

The user's layout keeps the architecture visible: grammar/, compiler/, runtime/, skills/
(and lab/ for the balance lab) sit at the top level; installed, they are sgs.grammar,
sgs.compiler, …  setuptools' package-dir mapping does this for a wheel, an sdist and an
editable install alike.  Packages are discovered here rather than listed in
pyproject.toml so that a new subpackage cannot be left out of a wheel.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import find_packages, setup

ROOT = Path(__file__).resolve().parent
#: import name -> folder; the order is the architecture's (front end to back end).
TOP = ("grammar", "compiler", "runtime", "skills", "lab")

package_dir = {"sgs": "sgs"}
packages = ["sgs"]
for folder in TOP:
    if not (ROOT / folder / "__init__.py").is_file():
        continue
    package_dir[f"sgs.{folder}"] = folder
    packages.append(f"sgs.{folder}")
    packages += [f"sgs.{folder}.{sub}" for sub in find_packages(where=str(ROOT / folder))]

setup(package_dir=package_dir, packages=packages)
