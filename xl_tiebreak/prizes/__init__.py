"""Prize lists and their allocation over final standings."""
