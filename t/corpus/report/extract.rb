# t/corpus/report/extract.rb REPORT.yaml: the parts of a last_run_report.yaml
# that t/report.t compares with Puppet's (each status's flags, tags,
# containment path and events; every log line), one line each.
module Puppet; module Transaction; class Report; end; end; end
r = YAML.unsafe_load_file(ARGV[0])
r.instance_variable_get(:@resource_statuses).each do |k, s|
  next if k =~ /^(Schedule|Filebucket)/
  flags = %w(failed changed out_of_sync skipped change_count out_of_sync_count).map { |f| "#{f}=#{s['failed'].nil? ? s.instance_variable_get("@#{f}") : s[f]}" }.join(' ')
  puts "#{k} #{flags} tags=#{(s['tags']||[]).join(',')} cp=#{(s['containment_path']||[]).join('/')}"
  (s['events'] || []).each { |e| puts "   #{e['property'].inspect} #{e['previous_value'].inspect} -> #{e['desired_value'].inspect} #{e['name']} #{e['status']} #{e['message'].inspect}" }
end
(r.instance_variable_get(:@logs) || []).each { |l| puts "LOG #{l['level']} #{l['source']} #{l['message'].sub(/^(Applied catalog in )[\d.]+/, '\\1N').inspect} tags=#{l['tags'].join(',')} #{l['file'] ? 'F' : '-'}#{l['line'] ? 'L' : '-'}" }
