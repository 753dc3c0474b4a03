"""The languages of what xl-tiebreak writes: message catalogues (``.po`` files beside this
package's modules, one per language) and the language in force.

Every user-visible text is written in English in the code and passed through :func:`_` where it
is shown (or marked with :func:`N_` where it is defined and translated later, for example a
registry row's name); :mod:`xl_tiebreak.i18n.conventions` gives the language's way of writing
numbers, dates, places and CSV separators. ``tests/test_i18n_completeness.py`` finds every
marked text in the package and checks that each language's catalogue translates it.
"""

from xl_tiebreak.i18n.language import N_, _, _n, current, using

__all__ = ["N_", "_", "_n", "current", "using"]
