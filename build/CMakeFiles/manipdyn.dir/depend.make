# Empty dependencies file for manipdyn.
# This may be replaced when dependencies are built.
