notice(tree_each([1], {order => sideways}))
