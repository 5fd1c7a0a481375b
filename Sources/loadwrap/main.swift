import LoadWrapKit

print("loadwrap: not yet")
