# a hash first in the file (after a resource it would be the resource's override)
{ 'k' => 1 }
notify { 'a': }
