/* The script of GET /docs (docs-page.ts inlines it, pinned by a CSP hash): renders openapi.json. */
(function () {
  'use strict';
  var doc;
  var METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options'];

  function el(tag, className, children) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }

  function link(href, text) {
    var a = el('a', '', [text]);
    a.href = href;
    return a;
  }

  function code(text) {
    return el('code', '', [text]);
  }

  /** Markdown as the document uses it: paragraphs, **bold** and inline code. */
  function markdown(text) {
    var box = el('div', 'markdown');
    String(text || '').split(/\n\n+/).forEach(function (paragraph) {
      var p = el('p');
      paragraph.split(/(\*\*[^*]+\*\*|\x60[^\x60]+\x60)/).forEach(function (part) {
        if (/^\*\*[^*]+\*\*$/.test(part)) p.appendChild(el('strong', '', [part.slice(2, -2)]));
        else if (/^\x60[^\x60]+\x60$/.test(part)) p.appendChild(code(part.slice(1, -1)));
        else if (part) p.appendChild(document.createTextNode(part));
      });
      box.appendChild(p);
    });
    return box;
  }

  function pointer(ref) {
    return ref.replace(/^#\//, '').split('/').map(function (part) {
      return part.replace(/~1/g, '/').replace(/~0/g, '~');
    });
  }

  function resolve(value) {
    if (!value || typeof value.$ref !== 'string') return value;
    var target = pointer(value.$ref).reduce(function (node, key) {
      return node === undefined ? undefined : node[key];
    }, doc);
    var merged = {};
    Object.keys(target || {}).forEach(function (key) { merged[key] = target[key]; });
    if (value.description) merged.description = value.description;
    return merged;
  }

  function refName(ref) {
    var parts = pointer(ref);
    return parts[parts.length - 1];
  }

  function typeText(schema) {
    if (!schema) return 'any';
    if (schema.$ref) return refName(schema.$ref);
    if (schema.anyOf || schema.oneOf) {
      return (schema.anyOf || schema.oneOf).map(typeText).join(' | ');
    }
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    if (schema.enum) return schema.enum.map(function (v) { return JSON.stringify(v); }).join(' | ');
    var type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
    if (type === 'array') return 'array of ' + typeText(schema.items);
    return type || 'any';
  }

  var CONSTRAINTS = ['format', 'pattern', 'minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'minLength', 'maxLength',
    'minItems', 'maxItems', 'minProperties', 'maxProperties', 'default'];

  function constraints(schema) {
    var out = [];
    CONSTRAINTS.forEach(function (key) {
      if (schema[key] === undefined) return;
      var raw = key === 'pattern' || key === 'format';
      out.push(el('span', 'constraint', [key + ': ' + (raw ? schema[key] : JSON.stringify(schema[key]))]));
    });
    (schema.allOf || []).forEach(function (part) { out = out.concat(constraints(part)); });
    if (schema.additionalProperties === false) out.push(el('span', 'constraint', ['no other properties']));
    if (schema.readOnly) out.push(el('span', 'constraint', ['read only']));
    if (schema.writeOnly) out.push(el('span', 'constraint', ['write only']));
    return out;
  }

  function isComplex(schema) {
    if (!schema) return false;
    if (schema.$ref) return true;
    if (schema.properties || schema.anyOf || schema.oneOf) return true;
    return schema.type === 'array' && isComplex(schema.items);
  }

  /** A schema as nested property tables; named schemas open on demand. */
  function schemaNode(schema, depth) {
    if (!schema) return el('div', 'muted', ['any']);
    if (schema.$ref) {
      var details = el('details');
      var name = refName(schema.$ref);
      var head = el('summary', '', [code(name), ' ']);
      head.appendChild(link('#schema-' + name, '(definition)'));
      details.appendChild(head);
      details.addEventListener('toggle', function once() {
        details.removeEventListener('toggle', once);
        details.appendChild(el('div', 'schema', [schemaNode(resolve(schema), depth + 1)]));
      });
      return details;
    }
    var box = el('div');
    if (schema.description) box.appendChild(el('div', 'muted', [schema.description]));
    var facts = constraints(schema);
    if (facts.length) box.appendChild(el('div', '', facts));
    var branches = schema.anyOf || schema.oneOf;
    var telling = branches && branches.some(function (branch) { return isComplex(branch) || constraints(branch).length > 0; });
    if (branches && !telling) return box;
    if (branches) {
      box.appendChild(el('div', '', [schema.oneOf ? 'Exactly one of:' : 'Any of:']));
      var list = el('ul');
      branches.forEach(function (branch) {
        list.appendChild(el('li', '', [code(typeText(branch)), isComplex(branch) ? el('div', 'schema', [schemaNode(branch, depth + 1)]) : branchFacts(branch)]));
      });
      box.appendChild(list);
      return box;
    }
    if (schema.type === 'array') {
      box.appendChild(el('div', '', ['array of ', code(typeText(schema.items))]));
      if (isComplex(schema.items)) box.appendChild(el('div', 'schema', [schemaNode(schema.items, depth + 1)]));
      return box;
    }
    if (schema.properties) {
      var required = schema.required || [];
      var table = el('table', '', [el('tr', '', [el('th', '', ['Property']), el('th', '', ['Type']), el('th', '', ['Description'])])]);
      Object.keys(schema.properties).forEach(function (key) {
        var property = schema.properties[key];
        var description = el('td', '', [property.description || '']);
        var complex = isComplex(property);
        if (!complex) constraints(property).forEach(function (fact) { description.appendChild(fact); });
        table.appendChild(el('tr', '', [
          el('td', '', [code(key), required.indexOf(key) >= 0 ? el('span', 'required', ['required']) : null]),
          el('td', 'type', [code(typeText(property))]),
          description,
        ]));
        if (complex) {
          // Nested structures get a full-width row of their own, folded from the second level on.
          var nested = el('details', '', [el('summary', 'muted', ['Structure of ', code(key)]), el('div', 'schema', [schemaNode(withoutDescription(property), depth + 1)])]);
          nested.open = depth < 1;
          var cell = el('td', 'nested', [nested]);
          cell.colSpan = 3;
          table.appendChild(el('tr', '', [cell]));
        }
      });
      box.appendChild(table);
      return box;
    }
    box.appendChild(el('div', '', [code(typeText(schema))]));
    return box;
  }

  function withoutDescription(schema) {
    var copy = {};
    Object.keys(schema).forEach(function (key) { if (key !== 'description') copy[key] = schema[key]; });
    return copy;
  }

  function branchFacts(branch) {
    var facts = constraints(branch);
    return facts.length ? el('span', '', [' '].concat(facts)) : null;
  }

  function examplesNode(media) {
    var box = el('div');
    var examples = media.examples || (media.example !== undefined ? { example: { value: media.example } } : {});
    Object.keys(examples).forEach(function (name) {
      var example = resolve(examples[name]);
      var details = el('details');
      details.appendChild(el('summary', '', ['Example: ' + (example.summary || name)]));
      details.appendChild(el('pre', '', [JSON.stringify(example.value, null, 2)]));
      box.appendChild(details);
    });
    return box;
  }

  function contentNode(content) {
    var box = el('div');
    Object.keys(content || {}).forEach(function (type) {
      var media = content[type];
      box.appendChild(el('div', 'muted', [type]));
      box.appendChild(schemaNode(media.schema, 0));
      box.appendChild(examplesNode(media));
    });
    return box;
  }

  function parametersNode(parameters) {
    var table = el('table', '', [el('tr', '', [el('th', '', ['Name']), el('th', '', ['In']), el('th', '', ['Type']), el('th', '', ['Description'])])]);
    parameters.map(resolve).forEach(function (parameter) {
      var description = el('td', '', [parameter.description || '']);
      constraints(parameter.schema || {}).forEach(function (fact) { description.appendChild(fact); });
      if (parameter.example !== undefined) description.appendChild(el('span', 'constraint', ['example: ' + JSON.stringify(parameter.example)]));
      table.appendChild(el('tr', '', [
        el('td', '', [code(parameter.name), parameter.required ? el('span', 'required', ['required']) : null]),
        el('td', '', [parameter.in]),
        el('td', 'type', [code(typeText(parameter.schema))]),
        description,
      ]));
    });
    return table;
  }

  function responsesNode(responses) {
    var box = el('div');
    Object.keys(responses).forEach(function (status) {
      var response = resolve(responses[status]);
      var details = el('details');
      details.appendChild(el('summary', '', [el('span', 'status', [status]), ' ', response.description || '']));
      var body = el('div', 'schema');
      var headers = response.headers || {};
      Object.keys(headers).forEach(function (name) {
        var header = resolve(headers[name]);
        body.appendChild(el('div', '', ['Header ', code(name), ': ', code(typeText(header.schema)), ' ', header.description || '']));
      });
      if (response.content) body.appendChild(contentNode(response.content));
      details.appendChild(body);
      box.appendChild(details);
    });
    return box;
  }

  function operationNode(path, method, operation, pathItem, anchor) {
    var article = el('article', 'operation');
    article.id = anchor;
    article.setAttribute('data-search', (method + ' ' + path + ' ' + (operation.summary || '') + ' ' + (operation.operationId || '')).toLowerCase());
    var publicOperation = operation.security && operation.security.length === 0;
    article.appendChild(el('h3', '', [el('span', 'method ' + method, [method]), path,
      el('span', 'badge', [publicOperation ? 'public' : 'bearer token']),
      operation.operationId ? el('span', 'badge', [operation.operationId]) : null]));
    if (operation.summary) article.appendChild(el('p', 'summary', [operation.summary]));
    if (operation.description) article.appendChild(markdown(operation.description));
    var parameters = (pathItem.parameters || []).concat(operation.parameters || []);
    if (parameters.length) {
      article.appendChild(el('h4', '', ['Parameters']));
      article.appendChild(parametersNode(parameters));
    }
    if (operation.requestBody) {
      var body = resolve(operation.requestBody);
      article.appendChild(el('h4', '', ['Request body ', body.required ? el('span', 'required', ['required']) : el('span', 'muted', ['(optional)'])]));
      if (body.description) article.appendChild(el('p', '', [body.description]));
      article.appendChild(contentNode(body.content));
    }
    article.appendChild(el('h4', '', ['Responses']));
    article.appendChild(responsesNode(operation.responses || {}));
    return article;
  }

  function eachOperation(items, visit) {
    Object.keys(items || {}).forEach(function (path) {
      var item = items[path];
      METHODS.forEach(function (method) {
        if (item[method]) visit(path, method, item[method], item);
      });
    });
  }

  function render(loaded) {
    doc = loaded;
    var info = doc.info || {};
    document.title = (info.title || 'API') + ' ' + (info.version || '');
    var title = document.getElementById('title');
    title.textContent = info.title || 'API';
    title.appendChild(el('span', 'version', [(info.version || '') + ' (OpenAPI ' + doc.openapi + ')']));
    document.getElementById('summary').textContent = info.summary || '';
    var main = document.getElementById('main');
    var nav = document.getElementById('nav');
    main.textContent = '';
    nav.textContent = '';
    main.appendChild(markdown(info.description));
    (doc.servers || []).forEach(function (server) {
      main.appendChild(el('p', '', ['Server: ', code(server.url), ' ', server.description || '']));
    });

    var tags = (doc.tags || []).map(function (tag) { return { name: tag.name, description: tag.description, operations: [] }; });
    function tagFor(name) {
      var found = tags.filter(function (tag) { return tag.name === name; })[0];
      if (!found) { found = { name: name, operations: [] }; tags.push(found); }
      return found;
    }
    var count = 0;
    function collect(kind) {
      return function (path, method, operation, item) {
        count += 1;
        var anchor = 'op-' + (operation.operationId || count);
        tagFor((operation.tags || ['Other'])[0]).operations.push({ kind: kind, node: operationNode(path, method, operation, item, anchor), anchor: anchor, label: method.toUpperCase() + ' ' + path });
      };
    }
    eachOperation(doc.paths, collect('path'));
    eachOperation(doc.webhooks, collect('webhook'));

    tags.forEach(function (tag) {
      if (!tag.operations.length) return;
      var section = el('section', 'tag', [el('h2', '', [tag.name])]);
      section.id = 'tag-' + tag.name;
      if (tag.description) section.appendChild(el('p', 'muted', [tag.description]));
      nav.appendChild(el('h2', '', [tag.name]));
      tag.operations.forEach(function (entry) {
        section.appendChild(entry.node);
        var a = link('#' + entry.anchor, (entry.kind === 'webhook' ? 'Webhook ' : '') + entry.label);
        a.setAttribute('data-anchor', entry.anchor);
        nav.appendChild(a);
      });
      main.appendChild(section);
    });

    var schemas = (doc.components && doc.components.schemas) || {};
    var schemaSection = el('section', 'tag', [el('h2', '', ['Schemas'])]);
    schemaSection.id = 'schemas';
    nav.appendChild(el('h2', '', ['Schemas']));
    Object.keys(schemas).forEach(function (name) {
      var details = el('details');
      details.id = 'schema-' + name;
      details.appendChild(el('summary', '', [code(name)]));
      details.appendChild(el('div', 'schema', [schemaNode(schemas[name], 0)]));
      schemaSection.appendChild(details);
      nav.appendChild(link('#schema-' + name, name));
    });
    main.appendChild(schemaSection);
    if (location.hash) {
      var target = document.getElementById(location.hash.slice(1));
      if (target) { if (target.tagName === 'DETAILS') target.open = true; target.scrollIntoView(); }
    }
    window.addEventListener('hashchange', function () {
      var target = document.getElementById(location.hash.slice(1));
      if (target && target.tagName === 'DETAILS') target.open = true;
    });
  }

  document.getElementById('filter').addEventListener('input', function (event) {
    var needle = event.target.value.trim().toLowerCase();
    Array.prototype.forEach.call(document.querySelectorAll('article.operation'), function (article) {
      var hidden = needle !== '' && article.getAttribute('data-search').indexOf(needle) < 0;
      article.hidden = hidden;
      var entry = document.querySelector('nav a[data-anchor="' + article.id + '"]');
      if (entry) entry.hidden = hidden;
    });
  });

  fetch('openapi.json', { headers: { accept: 'application/json' } })
    .then(function (response) {
      if (!response.ok) throw new Error('openapi.json answered HTTP ' + response.status);
      return response.json();
    })
    .then(render)
    .catch(function (error) {
      var main = document.getElementById('main');
      main.textContent = '';
      main.appendChild(el('p', 'error', ['Could not load openapi.json: ' + error.message]));
    });
})();
