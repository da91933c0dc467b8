notice(tree_each('abc'))
