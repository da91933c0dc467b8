notice(tree_each([1], {colour => red}))
