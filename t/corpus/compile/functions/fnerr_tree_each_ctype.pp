notice(tree_each([1], {container_type => String}))
