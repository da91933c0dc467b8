Rt_thing { flag => false }
include rt
rt_thing { 'three': } -> notify { 'after': }
Rt_thing <| title == 'two' |> { value => 'collected' }
