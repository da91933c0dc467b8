notice(tree_each([1], {include_values => false, include_containers => false}))
