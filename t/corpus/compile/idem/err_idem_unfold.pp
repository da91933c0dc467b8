# unfold first in the file (after a value it would be a multiplication)
*[1, 2]
notify { 'a': }
