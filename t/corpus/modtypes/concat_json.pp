concat_file { 'j': path => '@D@/j.json', format => 'json' }
concat_fragment { 'j1': target => 'j', content => '{"b": {"x": 1, "l": [1, 2]}, "a": "s\"q", "f": 1.5, "e": 1e20, "n": null}', order => 1 }
concat_fragment { 'j2': target => 'j', content => '{"b": {"y": true, "l": [2, 3]}, "c": []}', order => 2 }
concat_file { 'jp': path => '@D@/jp.json', format => 'json-pretty' }
concat_fragment { 'p1': target => 'jp', content => '{"b": {"x": 1}, "e": {}, "arr": [1, {"k": "v"}]}' }
concat_fragment { 'p2': target => 'jp', content => '{"z": 0.0001, "w": 0.00001, "v": 123456789012345678}' }
concat_file { 'ja': path => '@D@/ja.json', format => 'json-array' }
concat_fragment { 'a1': target => 'ja', content => '[1]' }
concat_fragment { 'a2': target => 'ja', content => '{"a": 2}' }
concat_file { 'jap': path => '@D@/jap.json', format => 'json-array-pretty' }
concat_fragment { 'ap1': target => 'jap', content => '"s"' }
concat_fragment { 'ap2': target => 'jap', content => '{"a": [], "b": [1]}' }
concat_file { 'dup': path => '@D@/dup.json', format => 'json' }
concat_fragment { 'd1': target => 'dup', content => '{"k": 1}' }
concat_fragment { 'd2': target => 'dup', content => '{"k": 2}' }
concat_file { 'force': path => '@D@/force.json', format => 'json', force => true }
concat_fragment { 'f1': target => 'force', content => '{"k": 1}' }
concat_fragment { 'f2': target => 'force', content => '{"k": 2}' }
