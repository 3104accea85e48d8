# Empty compiler generated dependencies file for manipdyn_cli.
# This may be replaced when dependencies are built.
