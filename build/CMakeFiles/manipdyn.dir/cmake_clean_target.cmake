file(REMOVE_RECURSE
  "libmanipdyn.a"
)
