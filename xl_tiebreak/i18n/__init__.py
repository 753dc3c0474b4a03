"""The languages of what xl-tiebreak writes: message catalogues (``.po`` files beside this
package's modules, one per language) and the language in force."""
