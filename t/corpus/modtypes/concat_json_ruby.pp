# Ruby's Float#to_s in the JSON formats (1.0e+15 from 1e15) and Ruby's
# to_s of arrays and hashes in the duplicate-key message.
concat_file { 'f': path => '@D@/f.json', format => 'json' }
concat_fragment { 'f1': target => 'f', content => '{"a": 1e15, "b": 9999999999999998.0, "c": 1e14, "d": -2.5e-5}' }
concat_file { 'dup': path => '@D@/dup.json', format => 'json' }
concat_fragment { 'd1': target => 'dup', content => '{"k": [1, "x"]}' }
concat_fragment { 'd2': target => 'dup', content => '{"k": {"h": null}}' }
