# Empty dependencies file for _manipdyn.
# This may be replaced when dependencies are built.
